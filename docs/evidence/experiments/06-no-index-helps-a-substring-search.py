"""Claim (chapter 6): no index helps a substring search, with instr or with LIKE '%…%': SQLite reads every
row (a full scan), even with an index on the column; the same index does serve an equality search.

The one thing that differs between the queries: how the name is matched.
"""

import os
import lab


with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "catalog.sqlite"))
    db.execute("CREATE TABLE Products (ProductID INTEGER PRIMARY KEY, ProductName TEXT, notes TEXT);"
               "CREATE INDEX Products_name ON Products(ProductName);"
               "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500)"
               " INSERT INTO Products (ProductName, notes) SELECT 'product ' || i, zeroblob(500) FROM n")
    steps = {name: db.counted(sql)[0] for name, sql in (
        ("instr", "SELECT ProductID FROM Products WHERE instr(ProductName, 'uct 42') > 0"),
        ("LIKE '%…%'", "SELECT ProductID FROM Products WHERE ProductName LIKE '%uct 42%'"),
        ("=", "SELECT ProductID FROM Products WHERE ProductName = 'product 42'"))}
    lab.check(steps["instr"] == 499 and steps["LIKE '%…%'"] == 499 and steps["="] == 0, f"full-scan steps {steps}")

lab.report(f"500 products, an index on ProductName; full-scan steps: {steps}")
