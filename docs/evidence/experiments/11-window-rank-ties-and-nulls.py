"""Claim (chapter 11): RANK() gives equal values the same rank and skips the next ranks (1, 1, 3);
ROW_NUMBER() does not; in ORDER BY … DESC a NULL sorts last; LAG is NULL on the first row; PARTITION BY
restarts the ranking for each group, without merging the rows as GROUP BY would.
"""

import os
import lab

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "window.sqlite"))
    db.execute("""CREATE TABLE body (name TEXT, type TEXT, radius REAL);
                  INSERT INTO body VALUES ('A', 'Moon', 10), ('B', 'Moon', 10), ('C', 'Moon', 5),
                                          ('D', 'Moon', NULL), ('P', 'Planet', 1)""")
    rows = db.execute("""SELECT name, RANK() OVER w, ROW_NUMBER() OVER w, LAG(radius) OVER w IS NULL FROM body
                         WINDOW w AS (PARTITION BY type ORDER BY radius DESC) ORDER BY type, 3""")
    ranks = [row[1] for row in rows[:4]]
    lab.check(ranks == ["1", "1", "3", "4"], f"moons' ranks: {rows[:4]}")
    lab.check([row[2] for row in rows[:4]] == ["1", "2", "3", "4"], f"moons' row numbers: {rows[:4]}")
    lab.check(rows[3][0] == "D" and rows[0][3] == "1" and rows[1][3] == "0", f"NULL last, LAG: {rows[:4]}")
    lab.check(rows[4] == ["P", "1", "1", "1"], f"planet: {rows[4]}")
    db.close()

lab.report(f"RANK {', '.join(ranks)} (ROW_NUMBER 1, 2, 3, 4); the NULL radius ranks last ({rows[3][0]}); "
           f"LAG is NULL on each partition's first row only; the planet's rank starts again at 1; {len(rows)} rows")
