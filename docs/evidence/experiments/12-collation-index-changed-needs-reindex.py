"""Claim (chapter 12): when a collation's order changes, an index built with the old order is wrong until
REINDEX.

A connection builds an index on `name COLLATE itemName` with one order. A second connection registers
itemName with another order (as a new release of an app might), the one thing that differs. Through the
old index, a lookup by name misses a row that is there, and PRAGMA integrity_check reports rows
"missing from index"; `REINDEX itemName` rebuilds the index with the new order, and both are right again.
"""

import os
import sqlite3
import lab


def compare(left, right):
    return (left > right) - (left < right)


with lab.scratch() as folder:
    path = os.path.join(folder, "items.sqlite")
    old = sqlite3.connect(path, isolation_level=None)
    old.create_collation("itemName", lambda l, r: compare(l.lower(), r.lower()) or compare(l, r))
    old.execute("CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    old.execute("CREATE INDEX item_name ON item (name COLLATE itemName)")
    old.executemany("INSERT INTO item (name) VALUES (?)", [("apple",), ("Banana",), ("cherry",), ("Date",)])
    old.close()

    new = sqlite3.connect(path, isolation_level=None)
    new.create_collation("itemName", lambda l, r: -compare(l.lower(), r.lower()) or compare(l, r))  # reversed
    lookup = "SELECT name FROM item WHERE name = 'cherry' COLLATE itemName"
    plan = " ".join(row[3] for row in new.execute("EXPLAIN QUERY PLAN " + lookup))
    lab.check("INDEX item_name" in plan, f"the lookup does not use the index: {plan}")

    found_before = new.execute(lookup).fetchall()
    check_before = [row[0] for row in new.execute("PRAGMA integrity_check")]
    lab.check(found_before == [] and any("missing from index item_name" in line for line in check_before),
              f"before REINDEX: lookup found {found_before}, integrity_check said {check_before}")

    new.execute("REINDEX itemName")
    found_after = new.execute(lookup).fetchall()
    check_after = [row[0] for row in new.execute("PRAGMA integrity_check")]
    lab.check(found_after == [("cherry",)] and check_after == ["ok"],
              f"after REINDEX: lookup found {found_after}, integrity_check said {check_after}")
    new.close()

lab.report(f"itemName changed: the lookup through the old index found no 'cherry', integrity_check said "
           f"\"{check_before[0]}\" ({len(check_before)} lines); after REINDEX itemName: found, \"ok\"")
