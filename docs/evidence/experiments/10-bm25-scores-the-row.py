"""Claim (chapter 10): bm25 scores the row, not a column: it counts the phrase's hits across all the
row's columns, against the row's length in tokens (all columns); the phrase's rarity is the same for every
row it matches. Weights (`bm25(t, w1, w2)`) make a hit in one column count more.

Rows that differ in one thing each from row 1 ('x smoked', 'y'):
row 2 has its hit in the other column; row 3 has a second hit; row 4 is one token longer.
"""

import lab

with lab.scratch():
    db = lab.Connection(":memory:")
    db.execute("CREATE VIRTUAL TABLE t USING fts5(a, b);"
               "INSERT INTO t (rowid, a, b) VALUES (1, 'x smoked', 'y'), (2, 'x y', 'smoked'),"
               " (3, 'x smoked', 'smoked'), (4, 'x smoked z', 'y');"
               # Rows without the word, so that it is rare (bm25 gives a word in most rows almost no weight).
               " WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20)"
               " INSERT INTO t (a, b) SELECT 'x', 'y' FROM n")
    score = {int(r): float(s) for r, s in db.execute("SELECT rowid, bm25(t) FROM t WHERE t MATCH 'smoked'")}
    lab.check(score[1] == score[2], f"hit in a or in b: {score[1]} vs {score[2]}")
    lab.check(score[3] < score[1], f"two hits {score[3]} not better than one {score[1]}")
    lab.check(score[4] > score[1], f"longer row {score[4]} not worse than {score[1]}")
    weighted = {int(r): float(s) for r, s in
                db.execute("SELECT rowid, bm25(t, 10.0, 1.0) FROM t WHERE t MATCH 'smoked'")}
    lab.check(weighted[1] < weighted[2], f"weighted: a {weighted[1]} not better than b {weighted[2]}")
    rank = db.execute("SELECT rowid FROM t WHERE t MATCH 'smoked' AND rank MATCH 'bm25(10.0, 1.0)' ORDER BY rank")
    by_weight = db.execute("SELECT rowid FROM t WHERE t MATCH 'smoked' ORDER BY bm25(t, 10.0, 1.0)")
    lab.check(rank == by_weight, f"rank MATCH order {rank} differs from bm25(t, 10.0, 1.0) {by_weight}")
    db.close()

lab.report(f"bm25 per row: hit in a or b {score[1]:.2f} = {score[2]:.2f}; two hits {score[3]:.2f}; "
           f"one token longer {score[4]:.2f}; with bm25(t, 10.0, 1.0) a hit in a {weighted[1]:.2f} beats b "
           f"{weighted[2]:.2f}; ORDER BY rank with rank MATCH 'bm25(10.0, 1.0)' gives the same order")
