"""Claim (appendix): a connection that only reads a WAL-mode database, opened read-only, still creates the
-wal and -shm files beside it; with immutable=1 it creates neither.

A WAL-mode file whose last connection closed (SQLite then deletes -wal and -shm). It is read twice, by a
read-only connection (SQLITE_OPEN_READONLY, a file: URI) without and with immutable=1: the one thing
that changes. Table names ignore case in both.
"""

import os
import sqlite3
import lab

with lab.scratch() as folder:
    path = os.path.join(folder, "step4.sqlite")
    writer = sqlite3.connect(path)
    writer.execute("PRAGMA journal_mode = WAL")
    writer.execute("CREATE TABLE item (name TEXT)")
    writer.execute("INSERT INTO item VALUES ('Apple')")
    writer.commit()
    writer.close()
    companions = lambda: sorted(f[len("step4.sqlite"):] for f in os.listdir(folder) if f != "step4.sqlite")
    lab.check(companions() == [], f"after the last close: {companions()}")

    immutable = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
    rows = immutable.execute("SELECT COUNT(*) FROM ITEM").fetchone()[0]
    immutable.close()
    lab.check(rows == 1 and companions() == [], f"immutable=1: {rows} rows, beside it {companions()}")

    reader = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    rows = reader.execute("SELECT COUNT(*) FROM Item").fetchone()[0]
    seen = companions()
    reader.close()
    lab.check(rows == 1 and seen == ["-shm", "-wal"], f"read-only: {rows} rows, beside it {seen}")

lab.report("a read-only reader of a WAL file: -shm and -wal appear beside it; with immutable=1: none "
           "(ITEM and Item both name table item)")
