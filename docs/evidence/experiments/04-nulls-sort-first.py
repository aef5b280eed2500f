"""Claim (chapter 4): SQLite sorts NULL first in ascending order, so last in descending.

The one thing that differs between the two queries: ASC or DESC.
"""

import lab

db = lab.Connection(":memory:")
db.execute("CREATE TABLE item (name TEXT, position INTEGER);"
           "INSERT INTO item VALUES ('a', 2), ('b', NULL), ('c', 1)")
ascending = db.column("SELECT name FROM item ORDER BY position ASC")
descending = db.column("SELECT name FROM item ORDER BY position DESC")
lab.check(ascending == ["b", "c", "a"] and descending == ["a", "c", "b"], f"ASC {ascending}, DESC {descending}")

lab.report(f"position NULL for b: ASC {ascending}, DESC {descending}")
