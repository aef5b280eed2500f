"""Claim (chapter 9): a DEFERRED transaction that reads, then writes, gets SQLITE_BUSY without waiting.

B reads first (a SHARED lock), then asks for the write lock that A holds. In the rollback journal,
waiting could deadlock: A's COMMIT waits for B's SHARED lock to go. In WAL, B's snapshot is older than
A's commit would make it. Either way SQLite does not call B's busy handler. The one thing that differs
from 09-deferred-write-waits.py: B reads before it writes.
"""

import lab

seen = []
for mode in ("delete", "wal"):
    with lab.scratch() as folder:
        # A holds the write lock; B's busy handler would let A commit, if SQLite called it.
        a, b = lab.writer_and_waiter(folder, mode)
        b.execute("BEGIN DEFERRED")
        b.value("SELECT COUNT(*) FROM entry")  # B reads first
        error = b.fails("INSERT INTO entry VALUES (2)")
        lab.check(error.name == "SQLITE_BUSY" and b.busy_calls == 0,
                  f"{mode}: {error.name}, busy handler ran {b.busy_calls} times")
        seen.append(f"{mode}: {error.name}, handler ran {b.busy_calls} times")
        b.execute("ROLLBACK")
        a.close(), b.close()

lab.report("B reads, then writes, in DEFERRED: it fails at once (" + "; ".join(seen) + ")")
