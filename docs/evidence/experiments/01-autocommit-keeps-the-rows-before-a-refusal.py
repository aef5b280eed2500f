"""Claim (chapter 1): outside an explicit transaction each statement is a transaction of its own
(autocommit): the rows inserted before a refused one stay saved, and the refused INSERT uses up no INTEGER
PRIMARY KEY value. sqlite3_errstr knows only the code: its words name no table, column or constraint.

The one thing that differs between the three inserts: the third gives NULL to a NOT NULL column.
"""

import os
import lab

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "players.sqlite"))
    db.execute("CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    lab.check(not db.in_transaction(), "a transaction is open before any BEGIN")
    db.execute("INSERT INTO players (name) VALUES ('Blob')")
    db.execute("INSERT INTO players (name) VALUES ('Blob Jr')")
    refused = db.fails("INSERT INTO players (name) VALUES (NULL)")
    lab.check(refused.name == "SQLITE_CONSTRAINT_NOTNULL" and not db.in_transaction(), f"{refused}")
    db.execute("INSERT INTO players (name) VALUES ('Blob Sr')")
    rows = db.execute("SELECT id, name FROM players ORDER BY id")
    lab.check(rows == [["1", "Blob"], ["2", "Blob Jr"], ["3", "Blob Sr"]], f"rows {rows}")
    words = lab.errstr(refused.code)
    lab.check("players" not in words and "name" not in words and "NOT NULL" not in words,
              f"sqlite3_errstr({refused.code}): {words}")

lab.report(f"two inserts, then one refused ({refused.name}: \"{refused.message}\"): the two rows stay, no "
           f"transaction is left open, the next row gets id 3; sqlite3_errstr({refused.code}) says only "
           f"\"{words}\"")
