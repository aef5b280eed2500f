"""Claim (appendix): a mode=ro reader of a WAL-mode file whose writer died, leaving its -wal but no -shm
(the wal-index), builds the -shm again from the -wal when it can create it beside the file, and shows the last
commit. In a folder it cannot write, it cannot create the -shm, and fails with SQLITE_CANTOPEN: checked here
when the experiment runs as a user who can be refused (root writes anywhere; tried by hand on 3.40.1 as nobody).

The same writer as 00-read-only-wal-after-a-writer-died.py (lab.WAL_WRITER); the one thing that changes is that
its -shm is deleted before the read.
"""

import os
import sqlite3
import lab

COUNT = "SELECT count(*), sum(v LIKE 'committed-%'), sum(v LIKE 'changed-%') FROM t"

with lab.scratch() as folder:
    path = os.path.join(folder, "t.sqlite")
    lab.writer_dies_mid_transaction(path, lab.WAL_WRITER)
    os.remove(path + "-shm")

    read_only = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    seen = read_only.execute(COUNT).fetchone()
    read_only.close()
    lab.check(seen == (2000, 10, 0), f"mode=ro without -shm: {seen}")
    lab.check(os.path.exists(path + "-shm"), "mode=ro did not create the -shm")

    refused = "not tried (root)"
    if os.geteuid() != 0:
        os.remove(path + "-shm")
        os.chmod(folder, 0o555)
        try:
            sqlite3.connect(f"file:{path}?mode=ro", uri=True).execute(COUNT)
            refused = "read it"
        except sqlite3.Error as error:
            refused = error.sqlite_errorname
        os.chmod(folder, 0o755)
        lab.check(refused == "SQLITE_CANTOPEN", f"mode=ro without -shm in a read-only folder: {refused}")

lab.report(f"a WAL file whose -shm is gone: mode=ro creates it again and shows {seen[1]} of the 10 rows of the "
           f"last commit, {seen[2]} rows never committed; in a folder it cannot write: {refused}")
