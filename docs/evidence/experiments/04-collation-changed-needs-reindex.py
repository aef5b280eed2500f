"""Claim (chapter 4): an index stores its rows in the collation's order; when the collation's function changes,
the index no longer matches it until `REINDEX`.

Same file, same index; the one thing that changes between the two connections is the function registered as
`itemName` (A: names A→Z; B: names Z→A). `PRAGMA integrity_check` on B reports the index out of order;
after `REINDEX itemName` it reports "ok".
"""

import os
import sqlite3
import lab


def ascending(a, b):
    return (a > b) - (a < b)


def descending(a, b):
    return ascending(b, a)


with lab.scratch() as folder:
    path = os.path.join(folder, "items.sqlite")
    a = sqlite3.connect(path, isolation_level=None)
    a.create_collation("itemName", ascending)
    a.executescript("""
        CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE INDEX item_name ON item (name COLLATE itemName);
        INSERT INTO item (name) VALUES ('apple'), ('banana'), ('cherry');
    """)
    lab.check(a.execute("PRAGMA integrity_check").fetchone()[0] == "ok", "A's own check")
    a.close()

    b = sqlite3.connect(path, isolation_level=None)
    b.create_collation("itemName", descending)  # the "same" collation, changed
    before = [row[0] for row in b.execute("PRAGMA integrity_check")]
    b.execute("REINDEX itemName")
    after = [row[0] for row in b.execute("PRAGMA integrity_check")]
    lab.check(before != ["ok"] and after == ["ok"], f"before REINDEX: {before}; after: {after}")
    b.close()

lab.report(f"collation changed: integrity_check says {before[0]!r}; after REINDEX: 'ok'")
