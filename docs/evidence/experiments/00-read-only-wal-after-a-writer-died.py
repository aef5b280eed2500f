"""Claim (appendix): after a writer died mid-transaction in a WAL-mode file, leaving its -wal and -shm, a
reader opened with immutable=1 reads the database file alone: it misses the last commit, which is in the
-wal; opened with mode=ro it shows the last commit and nothing of the transaction that never committed, and
leaves the file and its -wal as they were.

The writer is another process (lab.WAL_WRITER). It commits 2,000 rows and checkpoints them into the file,
commits a change to 10 rows (in the -wal), then, with a small page cache, changes every row without committing:
its cache spills the changed pages into the -wal. It says through a pipe that it is mid-transaction, then is
killed (SIGKILL): no sleep. The one thing that changes between the reads is how the file is opened.
"""

import os
import sqlite3
import lab

COUNT = "SELECT count(*), sum(v LIKE 'committed-%'), sum(v LIKE 'changed-%') FROM t"


def contents(path):
    return [open(path + suffix, "rb").read() for suffix in ("", "-wal")]


with lab.scratch() as folder:
    path = os.path.join(folder, "t.sqlite")
    lab.writer_dies_mid_transaction(path, lab.WAL_WRITER)
    lab.check(os.path.exists(path + "-wal") and os.path.exists(path + "-shm"), "the writer left no -wal or -shm")
    before = contents(path)

    immutable = sqlite3.connect(f"file:{path}?immutable=1", uri=True)
    missed = immutable.execute(COUNT).fetchone()
    immutable.close()
    lab.check(missed == (2000, 0, 0), f"immutable=1: {missed}")

    read_only = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    seen = read_only.execute(COUNT).fetchone()
    read_only.close()
    lab.check(seen == (2000, 10, 0), f"mode=ro: {seen}")
    lab.check(contents(path) == before, "mode=ro changed the file or its -wal")

lab.report(f"a writer died mid-UPDATE in WAL mode: immutable=1 shows {missed[1]} of the 10 rows of the last "
           f"commit; mode=ro shows {seen[1]} of them and {seen[2]} rows never committed; file and -wal unchanged")
