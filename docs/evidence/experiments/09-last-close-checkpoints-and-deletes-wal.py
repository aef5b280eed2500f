"""Claim (chapter 9): when the last connection to a WAL file closes, SQLite checkpoints the -wal file into the
database file and deletes it; while another connection is open, a close leaves the -wal file and its frames.

Two connections in WAL mode commit; then they close in turn. The one thing that changes between the two looks at
the disk: whether a connection is still open.
"""

import os
import tempfile

import lab

folder = tempfile.mkdtemp()
path = os.path.join(folder, "shared.sqlite")
writer, other = lab.Connection(path), lab.Connection(path)
writer.execute("PRAGMA journal_mode = WAL")
writer.execute("CREATE TABLE entry (id INTEGER PRIMARY KEY, worker INTEGER)")
for worker in range(1, 21):
    writer.execute(f"INSERT INTO entry (worker) VALUES ({worker})")
other.value("SELECT COUNT(*) FROM entry")
writer.close()
wal = path + "-wal"
after_first = os.path.exists(wal) and os.path.getsize(wal)
other.close()
after_last = os.path.exists(wal)
reader = lab.Connection(path)
rows = reader.value("SELECT COUNT(*) FROM entry")
reader.close()
for name in os.listdir(folder):
    os.remove(os.path.join(folder, name))
os.rmdir(folder)

lab.check(after_first and not after_last and rows == "20",
          f"-wal after the first close: {after_first} bytes; after the last: exists {after_last}; rows {rows}")
lab.report(f"one connection still open: the -wal file stays ({after_first} bytes); the last close: no -wal file, "
           f"and the database file alone holds the {rows} rows")
