"""Claim (chapter 1): sqlite3_exec cannot bind values, and it hands rows to its callback only as text: an
integer, a real and a text all arrive as strings (a NULL as a NULL pointer).

Compared with a prepared statement, which reads the same integer as an integer (sqlite3_column_type).
"""

import os
import lab

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "values.sqlite"))
    rows = db.execute("SELECT 42, 1.5, 'Blob', NULL")  # lab's execute is sqlite3_exec with a callback
    lab.check(rows == [["42", "1.5", "Blob", None]], f"exec's callback got {rows}")
    lab.check(all(isinstance(value, str) for value in rows[0][:3]), f"types {[type(v) for v in rows[0]]}")
    # A placeholder in exec's text has nothing to bind it: it stays NULL.
    unbound = db.execute("SELECT ? IS NULL")
    lab.check(unbound == [["1"]], f"SELECT ? IS NULL through exec: {unbound}")
    statement = db.prepare("SELECT 42")
    statement.step()
    kind = statement.column_type(0)
    statement.finalize()
    lab.check(kind == 1, f"prepared: column_type {kind}")

lab.report(f"sqlite3_exec's callback got {rows[0]} (strings, NULL as a NULL pointer) and a `?` it cannot bind "
           "stays NULL; a prepared statement reads 42 as an INTEGER")
