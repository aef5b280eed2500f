"""Claim (chapter 12): on 200,000 rows, a lookup by email through an index is a search of a B-tree three
levels deep that answers alone ("covering"); with NOT INDEXED the same query scans the table.

The benchmark's table and index (Benchmarks/Sources/bench/Indexes.swift), built the same way. The one
thing that differs between the two queries: NOT INDEXED. dbstat counts the index's pages and levels, and
how many keys a page holds on average.
"""

import lab

db = lab.Connection(":memory:")
db.execute("""
    CREATE TABLE person (id INTEGER PRIMARY KEY, email TEXT NOT NULL, name TEXT NOT NULL);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000)
    INSERT INTO person (email, name) SELECT 'person' || i || '@example.com', 'Person ' || i FROM n;
    CREATE INDEX person_email ON person (email);
""")

indexed = db.execute("EXPLAIN QUERY PLAN SELECT id FROM person WHERE email = 'person7@example.com'")[0][3]
scanned = db.execute("EXPLAIN QUERY PLAN SELECT id FROM person NOT INDEXED WHERE email = 'person7@example.com'")[0][3]
lab.check(indexed == "SEARCH person USING COVERING INDEX person_email (email=?)" and scanned == "SCAN person",
          f"plans: {indexed} / {scanned}")

# dbstat: one row per page; path '/' is the root, '/000/' its first child, and so on.
levels, leaves, keys = db.execute("""
    SELECT MAX(LENGTH(path) - LENGTH(REPLACE(path, '/', ''))), SUM(pagetype = 'leaf'), SUM(ncell)
    FROM dbstat WHERE name = 'person_email'""")[0]
per_leaf = int(keys) // int(leaves)  # an index's interior pages hold keys too: all are counted
lab.check(levels == "3" and keys == "200000" and 50 <= per_leaf <= 300,
          f"index: {levels} levels, {leaves} leaves, {keys} keys")
db.close()

lab.report(f"200,000 rows: \"{indexed}\" against \"{scanned}\"; the index has {levels} levels, "
           f"{leaves} leaf pages, about {per_leaf} keys a page")
