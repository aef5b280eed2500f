"""Claim (chapter 6): a REAL is a binary double: 15.9 is stored as the double nearest to it,
15.9000000000000003552713678800500929355621337890625, and read back from the file as exactly that double.

Compared with the text '15.9' in a TEXT column, kept as written.
"""

import decimal
import os
import sqlite3
import lab

with lab.scratch() as folder:
    path = os.path.join(folder, "prices.sqlite")
    db = lab.Connection(path)
    db.execute("CREATE TABLE price (amount REAL, label TEXT); INSERT INTO price VALUES (15.9, '15.9')")
    kinds = db.execute("SELECT typeof(amount), typeof(label), label FROM price")
    db.close()
    # python3's sqlite3 (the same library) hands the stored double over as a Python float, bit for bit.
    reader = sqlite3.connect(path)
    (amount,) = reader.execute("SELECT amount FROM price").fetchone()
    reader.close()
    exact = decimal.Decimal(amount)
    lab.check(kinds == [["real", "text", "15.9"]], f"kinds {kinds}")
    lab.check(str(exact) == "15.9000000000000003552713678800500929355621337890625", f"stored double {exact}")

lab.report(f"15.9 in a REAL column is the double {exact}; the TEXT column keeps '15.9'")
