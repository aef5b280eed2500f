"""Claim (appendix): a reader of a cleanly closed WAL-mode file opened with immutable=1 takes no lock, so a
writer that commits and closes while it reads checkpoints its commit into the database file under it: the
reader's next rows come from the new pages, its earlier ones from the old, and it sees a transaction in part.
Opened read-write with PRAGMA query_only, the reader takes the WAL read lock: the writer's close cannot
checkpoint past the reader's snapshot, and the reader sees the file as it was when its read began. Its own close,
the last, deletes the -wal and -shm files it made, and the database file's bytes are as they were.

A table of 2,000 rows of 200 bytes (many pages) whose values are all equal; the reader steps through the first
row, a writer sets every row to a new value in one transaction and closes, the reader steps through the rest.
The one thing that changes between the two runs: how the reader opens the file.
"""

import os
import sqlite3
import lab


def read_across_a_commit(folder, uri):
    path = os.path.join(folder, "t.sqlite")
    if os.path.exists(path):
        os.remove(path)
    setup = sqlite3.connect(path)
    setup.execute("PRAGMA journal_mode = WAL")
    setup.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)")
    setup.executemany("INSERT INTO t(v) VALUES (?)", [("old" + "x" * 200,)] * 2000)
    setup.commit()
    setup.close()  # the last connection: checkpointed, -wal and -shm deleted
    reader = sqlite3.connect(uri(path), uri=True, isolation_level=None)
    if "immutable" not in uri(path):
        reader.execute("PRAGMA query_only = 1")
    rows = reader.execute("SELECT substr(v, 1, 3) FROM t ORDER BY id")
    seen = [rows.fetchone()[0]]
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("UPDATE t SET v = 'new' || substr(v, 4)")
    writer.close()  # the last connection as far as the locks tell: it checkpoints
    seen += [row[0] for row in rows.fetchall()]
    reader.close()
    return seen.count("old"), seen.count("new")


def read_alone(folder):
    """The query_only reader with no writer about: what it leaves beside the file, and the file's bytes."""
    path = os.path.join(folder, "alone.sqlite")
    setup = sqlite3.connect(path)
    setup.execute("PRAGMA journal_mode = WAL")
    setup.execute("CREATE TABLE t(v)")
    setup.execute("INSERT INTO t VALUES (1)")
    setup.commit()
    setup.close()
    before = open(path, "rb").read()
    reader = sqlite3.connect(f"file:{path}", uri=True, isolation_level=None)
    reader.execute("PRAGMA query_only = 1")
    reader.execute("SELECT * FROM t").fetchall()
    during = sorted(name for name in os.listdir(folder) if name.startswith("alone.sqlite-"))
    reader.close()
    after = sorted(name for name in os.listdir(folder) if name.startswith("alone.sqlite-"))
    return during, after, open(path, "rb").read() == before


with lab.scratch() as folder:
    during, after, same = read_alone(folder)
    lab.check(during == ["alone.sqlite-shm", "alone.sqlite-wal"] and after == [] and same,
              f"alone: during {during}, after {after}, bytes unchanged: {same}")
    old_i, new_i = read_across_a_commit(folder, lambda p: f"file:{p}?immutable=1")
    lab.check(old_i > 0 and new_i > 0, f"immutable=1: {old_i} old, {new_i} new")
    old_q, new_q = read_across_a_commit(folder, lambda p: f"file:{p}")
    lab.check(old_q == 2000 and new_q == 0, f"query_only: {old_q} old, {new_q} new")

lab.report(f"a writer committed and closed mid-read: immutable=1 saw {old_i} rows as they were and {new_i} as the "
           f"writer left them; a read-write connection with query_only saw {old_q} and {new_q}; alone, that reader "
           f"made {' and '.join(during)}, and its close deleted them, the file's bytes unchanged")
