"""Claim (chapter 1): inside a transaction, a statement SQLite refuses undoes only its own changes; the
transaction stays open, with the earlier statements' changes, until the program sends COMMIT or ROLLBACK.
"""

import os
import lab

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "players.sqlite"))
    db.execute("CREATE TABLE players (name TEXT NOT NULL UNIQUE)")
    db.execute("BEGIN; INSERT INTO players VALUES ('Blob')")
    error = db.fails("INSERT INTO players VALUES ('Blob Jr'), ('Blob')")  # the second row breaks UNIQUE
    open_after = db.in_transaction()
    rows = db.execute("SELECT name FROM players ORDER BY rowid")
    lab.check(error.name == "SQLITE_CONSTRAINT_UNIQUE" and open_after and rows == [["Blob"]],
              f"{error.name}; transaction open: {open_after}; rows: {rows}")
    db.execute("ROLLBACK")
    left = db.value("SELECT count(*) FROM players")
    lab.check(left == "0", f"after ROLLBACK: {left} rows")

lab.report("a refused INSERT undid only itself (Blob Jr gone, Blob kept), the transaction stayed open; "
           "ROLLBACK then undid Blob too")
