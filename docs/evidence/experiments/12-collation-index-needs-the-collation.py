"""Claim (chapter 12): an index on `name COLLATE itemName` ties every writer of the table to that function.

A connection that has registered `itemName` builds the index. A second connection to the same file that
has not (the sqlite3 shell, another app) can still read the table, in any order but itemName's, but
every INSERT, UPDATE and DELETE of it, and PRAGMA integrity_check, fails with "no such collation sequence: itemName"
(SQLITE_ERROR_MISSING_COLLSEQ, 257). The one thing that differs between the two connections: whether
the collation is registered. (python3's sqlite3 module links the steps' library; it has create_collation.)
"""

import os
import sqlite3
import lab


def item_name(left, right):
    """Step 4's itemName, near enough: case folded first, then the binary order."""
    folded = (left.lower() > right.lower()) - (left.lower() < right.lower())
    return folded or (left > right) - (left < right)


with lab.scratch() as folder:
    path = os.path.join(folder, "items.sqlite")
    a = sqlite3.connect(path, isolation_level=None)
    a.create_collation("itemName", item_name)
    a.execute("CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    a.execute("CREATE INDEX item_name ON item (name COLLATE itemName)")
    a.executemany("INSERT INTO item (name) VALUES (?)", [("apple",), ("Banana",), ("cherry",)])

    b = sqlite3.connect(path, isolation_level=None)  # the same file, no itemName
    count = b.execute("SELECT COUNT(*) FROM item").fetchone()[0]
    names = b.execute("SELECT name FROM item ORDER BY name").fetchall()  # BINARY: no itemName needed
    lab.check(count == 3 and len(names) == 3, f"without the collation, reading the table gave {count} rows")

    failures = {}
    statements = {"ORDER BY name COLLATE itemName": "SELECT name FROM item ORDER BY name COLLATE itemName",
                  "INSERT": "INSERT INTO item (name) VALUES ('Fig')",
                  "UPDATE": "UPDATE item SET name = 'Apple' WHERE id = 1",
                  "DELETE": "DELETE FROM item WHERE id = 3",
                  "PRAGMA integrity_check": "PRAGMA integrity_check"}
    for label, sql in statements.items():
        try:
            b.execute(sql).fetchall()
        except sqlite3.OperationalError as error:
            failures[label] = (error.sqlite_errorcode, str(error))
    lab.check(len(failures) == 5 and all(code == 257 and message == "no such collation sequence: itemName"
                                         for code, message in failures.values()),
              f"without the collation: {failures}")
    rows = a.execute("SELECT COUNT(*) FROM item").fetchone()[0]
    lab.check(rows == 3, f"the table holds {rows} rows after the refused writes")
    a.close(), b.close()

lab.report("without itemName registered: SELECT … ORDER BY name works; " + ", ".join(failures)
           + " fail with 257 SQLITE_ERROR_MISSING_COLLSEQ \"no such collation sequence: itemName\"")
