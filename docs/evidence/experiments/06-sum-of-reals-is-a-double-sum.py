"""Claim (chapter 6): SQLite's SUM over REAL values adds them as doubles, so a total of prices with two
decimals can miss by a rounding error: the Bakery's 6.40 + 4.80 + 5.60 + 8.25 + 3.95 gives 28.999999999999996,
not 29. The same prices summed as whole cents (integers) give exactly 2900.

The one thing that differs between the two sums: what is added (the REAL prices, or the cents as INTEGERs).
"""

import lab

c = lab.Connection(":memory:")
c.execute("CREATE TABLE Products (UnitPrice NUMERIC); "
          "INSERT INTO Products VALUES (6.40), (4.80), (5.60), (8.25), (3.95)")
# SQLite prints a REAL with 15 digits (29.0); compare the double itself instead.
equal, reals = c.execute("SELECT SUM(UnitPrice) = 29, SUM(UnitPrice) = 28.999999999999996 FROM Products")[0]
cents = c.value("SELECT quote(SUM(CAST(round(UnitPrice * 100) AS INTEGER))) FROM Products")
types = {row[0] for row in c.execute("SELECT typeof(UnitPrice) FROM Products")}
lab.check(types == {"real"} and equal == "0" and reals == "1" and cents == "2900",
          f"stored as {types}; SUM = 29: {equal}; SUM = 28.999999999999996: {reals}; SUM of cents {cents}")
lab.report(f"SUM of the five REAL prices = 29: false, = 28.999999999999996: true; SUM of their whole cents: {cents}")
