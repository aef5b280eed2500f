"""Claim (chapter 2's exercises): an UPDATE without WHERE changes every row.

The one thing that differs between the two UPDATEs: the WHERE clause.
"""

import os
import lab

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "players.sqlite"))
    db.execute("CREATE TABLE players (name TEXT, score INTEGER);"
               "INSERT INTO players VALUES ('Blob', 1), ('Blob Jr', 2), ('Blob Sr', 3)")
    db.execute("UPDATE players SET score = 10 WHERE name = 'Blob'")
    with_where = db.changes()
    db.execute("UPDATE players SET score = 0")
    without_where = db.changes()
    scores = db.execute("SELECT score FROM players")
    lab.check(with_where == 1 and without_where == 3 and scores == [["0"]] * 3,
              f"WHERE: {with_where}; none: {without_where}; scores {scores}")

lab.report(f"with WHERE: {with_where} row changed; without: {without_where} of 3, every score now 0")
