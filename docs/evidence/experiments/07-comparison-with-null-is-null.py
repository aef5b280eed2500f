"""Claim (chapter 7's exercises): any comparison with NULL is NULL, never true, so `WHERE density != NULL`
finds no row; `IS NOT NULL` is the test that finds the bodies with a density.

The one thing that differs between the two queries: `!= NULL` or `IS NOT NULL`.
"""

import lab

db = lab.Connection(":memory:")
db.execute("CREATE TABLE solar_body (id TEXT PRIMARY KEY, density REAL);"
           "INSERT INTO solar_body VALUES ('terre', 5.51), ('lune', 3.34), ('x', NULL)")
results = db.execute("SELECT quote(1 = NULL), quote(NULL = NULL), quote(1 != NULL)")
wrong = db.value("SELECT count(*) FROM solar_body WHERE density != NULL")
right = db.value("SELECT count(*) FROM solar_body WHERE density IS NOT NULL")
lab.check(results == [["NULL", "NULL", "NULL"]] and wrong == "0" and right == "2",
          f"comparisons {results}; != NULL finds {wrong}, IS NOT NULL {right}")

lab.report(f"1 = NULL, NULL = NULL, 1 != NULL: {results[0]}; WHERE density != NULL finds {wrong} rows, "
           f"IS NOT NULL {right}")
