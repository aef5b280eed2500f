"""Claim (chapter 11): a plain `WITH name(columns) AS (SELECT …)` (a common table expression, CTE) names a
query that the rest of the statement reads like a table, for that statement only; `WITH RECURSIVE` lets the
CTE read its own rows, so it can generate a series of values no table holds.

Three bodies; a plain CTE `big` picks the two large ones and the SELECT after it counts them. The next
statement, without the WITH, finds no table `big`. Last, a recursive CTE makes the years 1600, 1650, 1700
from nothing but its own rows.
"""

import os
import lab

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "with.sqlite"))
    db.execute("""CREATE TABLE body (english_name TEXT, mean_radius REAL);
                  INSERT INTO body VALUES ('Jupiter', 69911), ('Saturn', 58232), ('Phobos', 11.1)""")
    big = db.value("""WITH big(name) AS (SELECT english_name FROM body WHERE mean_radius > 20000)
                      SELECT count(*) FROM big""")
    lab.check(big == "2", f"the plain CTE: {big}")
    gone = db.fails("SELECT count(*) FROM big")
    lab.check(gone.message == "no such table: big", f"after the statement: {gone}")
    series = db.execute("""WITH RECURSIVE periods(period) AS (
                             SELECT 1600 UNION ALL SELECT period + 50 FROM periods WHERE period + 50 <= 1700)
                           SELECT period FROM periods""")
    lab.check(series == [["1600"], ["1650"], ["1700"]], f"the recursive CTE: {series}")
    db.close()

lab.report(f"WITH big: {big} rows counted; the next statement: {gone.message}; "
           f"WITH RECURSIVE periods: {', '.join(row[0] for row in series)}")
