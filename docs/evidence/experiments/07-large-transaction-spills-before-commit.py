"""Claim (chapter 7): a transaction whose changes outgrow the page cache (2,000 KiB by default) has SQLite write
pages to the database file before its COMMIT ("spill" them); one whose changes fit writes the file only at COMMIT.

The same 20,000 rows of about 200 bytes (some 4 MB of pages) are inserted in one transaction, with the default
cache and with a cache of 64 MB: the one thing that changes. Before the COMMIT, the experiment looks at the
database file's size; the rollback journal holds what the file held before, so a spilled transaction is still
undone by a ROLLBACK, which the experiment also checks.
"""

import os
import lab

ROWS = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000) " \
       "INSERT INTO body SELECT 'body-' || i, printf('%.200c', 'x') FROM n"
seen = {}
for cache in ("default", "64 MB"):
    with lab.scratch() as folder:
        path = os.path.join(folder, "cache.sqlite")
        db = lab.Connection(path)
        db.execute("CREATE TABLE body (id TEXT PRIMARY KEY, document TEXT)")
        if cache != "default":
            db.execute("PRAGMA cache_size = -64000")
        before = os.path.getsize(path)
        db.execute("BEGIN IMMEDIATE")
        db.execute(ROWS)
        during = os.path.getsize(path)
        db.execute("ROLLBACK")
        after = db.value("SELECT COUNT(*) FROM body")
        seen[cache] = (db.value("PRAGMA cache_size"), before, during, after)
        db.close()

(default_size, before, spilled, kept) = seen["default"]
(_, big_before, unspilled, big_kept) = seen["64 MB"]
lab.check(default_size == "-2000" and spilled > before and unspilled == big_before and kept == big_kept == "0",
          f"{seen}")
lab.report(f"cache_size {default_size}: the file grew from {before:,} to {spilled:,} bytes before COMMIT; "
           f"with 64 MB it stayed {unspilled:,}; a ROLLBACK left 0 rows either way")
