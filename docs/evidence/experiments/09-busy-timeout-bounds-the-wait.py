"""Claim (chapter 9): the busy timeout bounds the wait, not the outcome: while another connection holds the
write lock for longer than the timeout, a writer with a busy timeout sleeps and retries, then fails with
SQLITE_BUSY all the same.

Compared with the same writer once the lock is released: it succeeds.
"""

import os
import lab

with lab.scratch() as folder:
    path = os.path.join(folder, "entries.sqlite")
    holder = lab.Connection(path)
    holder.execute("CREATE TABLE entry (n INTEGER); BEGIN IMMEDIATE; INSERT INTO entry VALUES (1)")
    waiter = lab.Connection(path, busy_timeout_ms=50)
    refused = waiter.fails("BEGIN IMMEDIATE")
    holder.execute("COMMIT")
    waiter.execute("BEGIN IMMEDIATE; INSERT INTO entry VALUES (2); COMMIT")
    count = waiter.value("SELECT count(*) FROM entry")
    lab.check(refused.name == "SQLITE_BUSY" and count == "2", f"while held: {refused}; after: {count} entries")

lab.report(f"a 50 ms busy timeout against a lock held throughout: {refused.name} (\"{refused.message}\"); "
           f"once the lock was released, the same write went through ({count} entries)")
