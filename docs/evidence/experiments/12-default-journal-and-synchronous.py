"""Claim (chapter 12): a connection that changes nothing (as a GRDB DatabaseQueue with its default
Configuration) uses the rollback journal (journal_mode DELETE) with synchronous = FULL (2); in WAL mode
the same connection keeps FULL until told otherwise (a DatabasePool sets NORMAL itself).

Read on a new file with this library's compile-time defaults; the one thing changed in the second
reading is journal_mode = WAL.
"""

import os
import lab

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "defaults.sqlite"))
    db.execute("CREATE TABLE t (x)")
    journal, synchronous = db.value("PRAGMA journal_mode"), db.value("PRAGMA synchronous")
    lab.check(journal == "delete" and synchronous == "2", f"defaults: {journal}, synchronous {synchronous}")
    wal = db.value("PRAGMA journal_mode = WAL")
    wal_synchronous = db.value("PRAGMA synchronous")
    lab.check(wal == "wal" and wal_synchronous == "2", f"in WAL: synchronous {wal_synchronous}")
    db.close()

lab.report(f"a new connection: journal_mode {journal}, synchronous {synchronous} (FULL); "
           f"after journal_mode = WAL: synchronous {wal_synchronous} still")
