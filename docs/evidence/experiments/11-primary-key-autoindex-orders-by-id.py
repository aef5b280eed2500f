"""Claim (chapter 11, s11-index-fix's check): sqlite_autoindex_body_1 is the index SQLite makes for a
TEXT PRIMARY KEY; a query that filters on something else and orders by id scans through it, in id order,
without finding anything by it.

One table with a TEXT PRIMARY KEY and no index of ours. The one thing that changes is the ORDER BY.
"""

import os
import lab

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "autoindex.sqlite"))
    db.execute("CREATE TABLE body (id TEXT NOT NULL PRIMARY KEY, document TEXT NOT NULL) STRICT")
    indexes = [row[0] for row in db.execute("SELECT name || ' ' || ifnull(sql, 'NULL') FROM sqlite_schema "
                                            "WHERE type = 'index'")]
    lab.check(indexes == ["sqlite_autoindex_body_1 NULL"], f"indexes: {indexes}")

    def plan(sql):
        return "; ".join(row[3] for row in db.execute("EXPLAIN QUERY PLAN " + sql))

    ordered = plan("SELECT id FROM body WHERE document ->> '$.bodyType' = 'Moon' ORDER BY id")
    lab.check(ordered == "SCAN body USING INDEX sqlite_autoindex_body_1", f"ORDER BY id: {ordered}")
    unordered = plan("SELECT id FROM body WHERE document ->> '$.bodyType' = 'Moon'")
    lab.check(unordered == "SCAN body", f"no ORDER BY: {unordered}")
    db.close()

lab.report(f"the PRIMARY KEY's own index: {indexes}; ordered by id: {ordered}; unordered: {unordered}")
