"""Claim (chapter 9): a worker that write-load stops where it is keeps nothing of a transaction it had not
committed; what it had committed stays, and the file passes integrity_check.

The worker here ends as a stopped step 9 worker does (CourseCore's Interrupt calls _exit): no COMMIT, no
ROLLBACK, no close. The file is in WAL mode, as write-load's is, and the worker's cache holds few pages, so
the open transaction's pages have already reached the -wal file when it ends: SQLite never marked those
frames committed, and the next connection ignores them.
"""

import os

import lab

with lab.scratch() as folder:
    path = os.path.join(folder, "entries.sqlite")
    setup = lab.Connection(path)
    setup.execute("PRAGMA journal_mode = wal; CREATE TABLE entry (number INTEGER, padding TEXT)")
    setup.close()

    worker = os.fork()
    if worker == 0:
        mine = lab.Connection(path)
        mine.execute("PRAGMA cache_size = 10")  # a small cache: the open transaction spills to the -wal file
        mine.execute("BEGIN IMMEDIATE; INSERT INTO entry VALUES (1, ''); COMMIT")
        mine.execute(
            "BEGIN IMMEDIATE; WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < 1000) "
            "INSERT INTO entry SELECT i, hex(randomblob(500)) FROM n")
        os._exit(143)  # as after SIGTERM: the process ends, its transaction still open
    _, status = os.waitpid(worker, 0)

    wal = os.path.getsize(path + "-wal")
    reader = lab.Connection(path)
    count = reader.value("SELECT COUNT(*) FROM entry")
    integrity = reader.value("PRAGMA integrity_check")
    lab.check(os.waitstatus_to_exitcode(status) == 143 and wal > 100_000 and count == "1" and integrity == "ok",
              f"exit {os.waitstatus_to_exitcode(status)}, -wal {wal} bytes, {count} rows, integrity_check {integrity}")
    reader.close()

lab.report(f"the worker ended with 999 rows inserted and not committed ({wal} bytes already in the -wal file): "
           f"the next connection sees the {count} committed row, integrity_check: {integrity}")
