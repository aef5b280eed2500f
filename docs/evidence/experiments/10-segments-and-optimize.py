"""Claim (chapter 10): each write transaction adds a segment (a b-tree) to an FTS5 index, FTS5 merges some of
them as it goes, and `optimize` merges them all into one. A segment's pages are the rows of `t_data` whose id
is the segment's number shifted left 37 bits (fts5_index.c: FTS5_DATA_PAGE_B 31 + FTS5_DATA_HEIGHT_B 5 +
FTS5_DATA_DLI_B 1).

The same 40 rows, written in one transaction, then in 40.
"""

import lab

SEGMENTS = "SELECT count(DISTINCT id >> 37) FROM t_data WHERE id >= 1 << 37"
ROWS = [f"('word{i} common')" for i in range(40)]

db = lab.Connection(":memory:")
db.execute("CREATE VIRTUAL TABLE t USING fts5(x)")
db.execute("BEGIN; " + "; ".join(f"INSERT INTO t VALUES {row}" for row in ROWS) + "; COMMIT")
one = db.value(SEGMENTS)
db.execute("DROP TABLE t; CREATE VIRTUAL TABLE t USING fts5(x)")
for row in ROWS:
    db.execute(f"INSERT INTO t VALUES {row}")
many = int(db.value(SEGMENTS))
db.execute("INSERT INTO t(t) VALUES('optimize')")
optimized = db.value(SEGMENTS)
found = db.value("SELECT count(*) FROM t WHERE t MATCH 'common'")
lab.check(one == "1" and 1 < many < 40 and optimized == "1" and found == "40",
          f"one transaction: {one}; 40: {many}; optimized: {optimized}; found {found}")
db.close()

lab.report(f"40 rows in one transaction: {one} segment; in 40 transactions: {many} segments (merged as it went, "
           f"not to one); after 'optimize': {optimized}, and 'common' still finds {found} rows")
