"""Claim (chapter 6): GRDB binds a Decimal as TEXT ('16.5'); a NUMERIC column stores that text as the number
it spells (REAL 16.5; INTEGER 19 for '19.00'), so prices compare and add as numbers. In a TEXT column the
same text stays text, and compares as text: '10.5' < '9.75'.

The one thing that differs between the two tables is the column's declared type (NUMERIC, TEXT).
"""

import lab

c = lab.Connection(":memory:")
c.execute("CREATE TABLE numeric_price (price NUMERIC); CREATE TABLE text_price (price TEXT)")
for table in ("numeric_price", "text_price"):
    c.execute(f"INSERT INTO {table} VALUES ('16.5'), ('19.00'), ('9.75'), ('10.5')")

numeric = c.execute("SELECT quote(price), typeof(price) FROM numeric_price ORDER BY rowid")
text = c.execute("SELECT quote(price), typeof(price) FROM text_price ORDER BY rowid")
numeric_order = [r[0] for r in c.execute("SELECT price FROM numeric_price ORDER BY price")]
text_order = [r[0] for r in c.execute("SELECT price FROM text_price ORDER BY price")]
lab.check(numeric == [["16.5", "real"], ["19", "integer"], ["9.75", "real"], ["10.5", "real"]]
          and all(t == "text" for _, t in text)
          and numeric_order == ["9.75", "10.5", "16.5", "19"] and text_order == ["10.5", "16.5", "19.00", "9.75"],
          f"NUMERIC: {numeric} ordered {numeric_order}; TEXT: {text} ordered {text_order}")
lab.report(f"'16.5', '19.00', '9.75', '10.5' bound as text: NUMERIC stores real, integer, real, real "
           f"and orders {', '.join(numeric_order)}; TEXT keeps text and orders {', '.join(text_order)}")
