"""Claim (appendix): after a writer died mid-transaction in a DELETE-journal file, leaving a hot journal, a
reader opened with immutable=1 shows rows of the transaction that never committed; opened with mode=ro it
refuses with SQLITE_READONLY_ROLLBACK (rolling the journal back is a write); an ordinary connection rolls it
back and reads the last commit.

The writer is another process, with a small page cache so that its UPDATE spills changed pages into the file
before COMMIT. It says through a pipe that it is mid-transaction, then is killed (SIGKILL): no sleep. The
one thing that changes between the reads is how the file is opened.
"""

import os
import sqlite3
import lab

WRITER = """
import sqlite3, sys
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("PRAGMA cache_size = 10")
c.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)")
c.execute("BEGIN"); c.executemany("INSERT INTO t(v) VALUES (?)", [("x" * 100,)] * 2000); c.execute("COMMIT")
c.execute("BEGIN"); c.execute("UPDATE t SET v = 'changed-' || id")
print("mid-transaction", flush=True); sys.stdin.read()
"""

COUNT = "SELECT count(*), sum(v LIKE 'changed-%') FROM t"

with lab.scratch() as folder:
    path = os.path.join(folder, "t.sqlite")
    lab.writer_dies_mid_transaction(path, WRITER)
    lab.check(os.path.exists(path + "-journal"), "the writer left no journal")

    immutable = sqlite3.connect(f"file:{path}?immutable=1", uri=True)
    rows, changed = immutable.execute(COUNT).fetchone()
    immutable.close()
    lab.check(changed > 0, f"immutable=1: {rows} rows, {changed} changed")

    read_only = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        read_only.execute(COUNT).fetchone()
        lab.check(False, "mode=ro read the file")
    except sqlite3.Error as error:
        refused = error.sqlite_errorname
    read_only.close()
    lab.check(refused == "SQLITE_READONLY_ROLLBACK" and os.path.exists(path + "-journal"), f"mode=ro: {refused}")

    ordinary = sqlite3.connect(path)
    after = ordinary.execute(COUNT).fetchone()
    ordinary.close()
    lab.check(after == (2000, 0) and not os.path.exists(path + "-journal"), f"read-write: {after}")

lab.report(f"a writer died mid-UPDATE: immutable=1 shows {changed} of {rows} rows it never committed; "
           f"mode=ro refuses with {refused}; a read-write connection rolls back: {after[0]} rows, {after[1]} changed")
