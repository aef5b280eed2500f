"""Claim (chapter 1): a value pasted into the SQL text breaks the statement (a quote in a name), or changes it
(a name that closes the quote and adds a statement of its own, run by sqlite3_exec).

The one thing that differs between the two attempts: the name pasted in.
"""

import os
import lab

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "players.sqlite"))
    db.execute("CREATE TABLE players (name TEXT NOT NULL)")

    def paste(name):
        return f"INSERT INTO players (name) VALUES ('{name}')"

    broken = db.fails(paste("Zoë O'Neil"))
    lab.check(broken.name == "SQLITE_ERROR", f"pasting O'Neil: {broken}")

    db.execute(paste("Bobby'); DROP TABLE players;--"))
    tables = db.value("SELECT count(*) FROM sqlite_master WHERE name = 'players'")
    lab.check(tables == "0", f"after pasting Bobby's name, tables named players: {tables}")

lab.report(f"pasted: O'Neil is a syntax error ({broken.message}); Bobby's name dropped the table")
