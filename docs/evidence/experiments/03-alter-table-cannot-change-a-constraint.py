"""Claim (chapters 3 and 8): SQLite's ALTER TABLE can rename a table, rename, add or drop a column, and
nothing else: it cannot change a column's constraints (a foreign key's ON DELETE) nor make a table STRICT; a
migration rebuilds the table instead.

Compared with what ALTER TABLE does accept on the same table.
"""

import os
import lab

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "players.sqlite"))
    db.execute("CREATE TABLE teams (id INTEGER PRIMARY KEY);"
               "CREATE TABLE players (id INTEGER PRIMARY KEY, teamID INTEGER REFERENCES teams(id))")
    for accepted in ("ALTER TABLE players ADD COLUMN name TEXT", "ALTER TABLE players RENAME COLUMN name TO nick",
                     "ALTER TABLE players DROP COLUMN nick", "ALTER TABLE players RENAME TO player"):
        db.execute(accepted)
    refused = [db.fails(sql) for sql in (
        "ALTER TABLE player ALTER COLUMN teamID INTEGER REFERENCES teams(id) ON DELETE CASCADE",
        "ALTER TABLE player ADD CONSTRAINT cascade FOREIGN KEY (teamID) REFERENCES teams(id) ON DELETE CASCADE",
        "ALTER TABLE player STRICT")]
    lab.check(all(error.name == "SQLITE_ERROR" and "syntax error" in error.message for error in refused),
              f"{[str(error) for error in refused]}")
    schema = db.value("SELECT sql FROM sqlite_schema WHERE name = 'player'")
    lab.check("CASCADE" not in schema and "STRICT" not in schema, f"schema now: {schema}")

lab.report("ADD, RENAME and DROP COLUMN and RENAME TO ran; ALTER COLUMN, ADD CONSTRAINT and STRICT: "
           f"{', '.join(repr(error.message) for error in refused)}; the table's SQL still has no ON DELETE")
