"""Claim (chapter 1): SQLite has no boolean type: a column declared BOOLEAN stores true and false as the
integers 1 and 0, and SQLite's own TRUE and FALSE are those integers.

Compared with a text column, which keeps what it is given.
"""

import os
import lab

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "players.sqlite"))
    db.execute("CREATE TABLE players (isInjured BOOLEAN); INSERT INTO players VALUES (TRUE), (FALSE), (1 = 1)")
    stored = db.execute("SELECT isInjured, typeof(isInjured) FROM players ORDER BY rowid")
    lab.check(stored == [["1", "integer"], ["0", "integer"], ["1", "integer"]], f"stored {stored}")

lab.report(f"TRUE, FALSE and 1 = 1 stored as {[row[0] for row in stored]}, each of type {stored[0][1]}")
