"""Claim (chapter 9): a DEFERRED transaction whose *first* statement writes waits in the busy handler.

SQLite refuses to wait only where waiting could deadlock: a transaction that already holds a SHARED lock
(it has read) asking for the write lock. A transaction whose first statement is an INSERT holds nothing
yet, so its busy handler is called, in the rollback journal and in WAL alike. The one thing that differs
from 09-deferred-read-then-write-fails.py: B writes before it reads.
"""

import lab

seen = []
for mode in ("delete", "wal"):
    with lab.scratch() as folder:
        # A holds the write lock; B's busy handler would let A commit, if SQLite called it.
        a, b = lab.writer_and_waiter(folder, mode)
        b.execute("BEGIN DEFERRED")
        b.execute("INSERT INTO entry VALUES (2)")  # B's first statement writes
        b.execute("COMMIT")

        count = a.value("SELECT COUNT(*) FROM entry")
        lab.check(b.busy_calls == 1 and count == "2",
                  f"{mode}: busy handler ran {b.busy_calls} times, {count} rows")
        seen.append(f"{mode}: handler ran {b.busy_calls} time, both rows stored")
        a.close(), b.close()

lab.report("B's first statement writes, in DEFERRED: it waits in its busy handler (" + "; ".join(seen) + ")")
