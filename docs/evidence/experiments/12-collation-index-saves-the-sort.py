"""Claim (chapter 12): ordering by a custom collation calls it about n log n times; with an index on
`name COLLATE itemName` the same query calls it not at all, and one more insert calls it a few times.

The collation counts its calls. The same SELECT … ORDER BY name COLLATE itemName runs on 10,000 names,
first without, then with the index: the one thing that changes. The plans are printed as the benchmark
prints them.
"""

import math
import random
import sqlite3
import lab

calls = 0


def item_name(left, right):
    global calls
    calls += 1
    folded = (left.lower() > right.lower()) - (left.lower() < right.lower())
    return folded or (left > right) - (left < right)


rows = 10_000
db = sqlite3.connect(":memory:", isolation_level=None)
db.create_collation("itemName", item_name)
db.execute("CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, quantity INTEGER)")
random.seed(7)
db.executemany("INSERT INTO item (name) VALUES (?)", [(f"Item {random.random():.12f}",) for _ in range(rows)])

query = "SELECT * FROM item ORDER BY name COLLATE itemName"  # as step 4 lists
plan = lambda: "; ".join(row[3] for row in db.execute("EXPLAIN QUERY PLAN " + query))

calls = 0
unindexed_plan, unindexed = plan(), db.execute(query).fetchall()
sort_calls = calls
bound = rows * math.log2(rows)
lab.check(rows <= sort_calls <= 2 * bound, f"without the index: {sort_calls} calls for {rows} rows")

db.execute("CREATE INDEX item_name ON item (name COLLATE itemName)")
calls = 0
indexed_plan, indexed = plan(), db.execute(query).fetchall()
read_calls = calls
lab.check(read_calls == 0 and indexed == unindexed and "USING INDEX item_name" in indexed_plan
          and "TEMP B-TREE" in unindexed_plan, f"with the index: {read_calls} calls, plan {indexed_plan}")

calls = 0
db.execute("INSERT INTO item (name) VALUES ('Item 0.5')")
insert_calls = calls
lab.check(0 < insert_calls <= 2 * math.log2(rows), f"one insert with the index: {insert_calls} calls")

lab.report(f"{rows} names: without the index \"{unindexed_plan}\", {sort_calls} collation calls "
           f"(n log2 n = {bound:.0f}); with it \"{indexed_plan}\", {read_calls} calls, same order; "
           f"one insert then: {insert_calls} calls")
