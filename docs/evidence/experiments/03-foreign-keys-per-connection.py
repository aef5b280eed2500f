"""Claim (chapter 3): PRAGMA foreign_keys is off on a new connection and belongs to that connection, not to
the file; PRAGMA foreign_key_check reads what is stored, so it finds a dangling row on a connection that does
not enforce foreign keys. Inside a transaction, PRAGMA foreign_keys = ON does nothing.
"""

import os
import lab

with lab.scratch() as folder:
    path = os.path.join(folder, "players.sqlite")
    on, off = lab.Connection(path), lab.Connection(path)
    default = off.value("PRAGMA foreign_keys")
    on.execute("PRAGMA foreign_keys = ON")
    on.execute("CREATE TABLE teams (id INTEGER PRIMARY KEY);"
               "CREATE TABLE players (name TEXT, teamID INTEGER REFERENCES teams(id))")
    lab.check(default == "0" and off.value("PRAGMA foreign_keys") == "0", f"a new connection: foreign_keys {default}")

    refused = on.fails("INSERT INTO players VALUES ('Ghost', 42)")
    off.execute("INSERT INTO players VALUES ('Ghost', 42)")  # the other connection lets it in
    problems = off.execute("PRAGMA foreign_key_check")
    lab.check(refused.name == "SQLITE_CONSTRAINT_FOREIGNKEY" and problems == [["players", "1", "teams", "0"]],
              f"on: {refused.name}; foreign_key_check on the other: {problems}")

    off.execute("BEGIN; PRAGMA foreign_keys = ON")
    inside = off.value("PRAGMA foreign_keys")
    off.execute("COMMIT")
    lab.check(inside == "0", f"PRAGMA foreign_keys = ON inside a transaction left it at {inside}")
    on.close(), off.close()

lab.report(f"new connection: foreign_keys = {default}; one connection refused Ghost ({refused.name}), "
           "the other stored him and its foreign_key_check listed him; ON inside a transaction: still 0")
