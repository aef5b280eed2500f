"""Claims (chapter 10): the 'rank' option stored with `INSERT INTO t(t, rank) VALUES('rank', …)` is kept in the
file, so every connection's `ORDER BY rank` uses it; `PRAGMA recursive_triggers` is a setting of one
connection, not of the file.

Two connections to one file: A sets both; B, opened afterwards, reads them.
"""

import os

import lab

with lab.scratch() as folder:
    path = os.path.join(folder, "t.sqlite")
    a = lab.Connection(path)
    a.execute("CREATE VIRTUAL TABLE t USING fts5(x, y);"
              "INSERT INTO t (rowid, x, y) VALUES (1, 'smoked', 'a b'), (2, 'a b', 'smoked');"
              "INSERT INTO t (x, y) VALUES ('a', 'b'), ('c', 'd'), ('e', 'f'), ('g', 'h');"
              "INSERT INTO t(t, rank) VALUES('rank', 'bm25(1.0, 10.0)');"
              "PRAGMA recursive_triggers = ON")
    b = lab.Connection(path)
    order = b.execute("SELECT rowid FROM t WHERE t MATCH 'smoked' ORDER BY rank")
    recursive = (a.value("PRAGMA recursive_triggers"), b.value("PRAGMA recursive_triggers"))
    lab.check(order == [["2"], ["1"]], f"B's ORDER BY rank: {order}")
    lab.check(recursive == ("1", "0"), f"recursive_triggers in A, B: {recursive}")
    a.close(), b.close()

lab.report(f"B's ORDER BY rank puts row 2 (its hit in y, weighted 10) first: the 'rank' option is in the file; "
           f"recursive_triggers: A {recursive[0]}, B {recursive[1]}: one connection's setting")
