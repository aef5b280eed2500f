"""Claim (chapter 4): in WAL mode a reader does not wait for a writer (it reads the last commit while another
connection is in the middle of a write transaction), and a commit may touch only the -wal file, not the
database file itself.

The one thing that differs between the two reads: the writer has committed or not.
"""

import hashlib
import os
import lab


def digest(path):
    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()


with lab.scratch() as folder:
    path = os.path.join(folder, "items.sqlite")
    writer, reader = lab.Connection(path), lab.Connection(path)
    writer.execute("PRAGMA journal_mode = WAL; CREATE TABLE item (name TEXT); INSERT INTO item VALUES ('Apple');"
                   "PRAGMA wal_checkpoint(TRUNCATE)")
    before = digest(path)
    writer.execute("BEGIN IMMEDIATE; INSERT INTO item VALUES ('Banana')")
    during = reader.value("SELECT count(*) FROM item")  # no busy handler: a wait would be SQLITE_BUSY
    writer.execute("COMMIT")
    after = reader.value("SELECT count(*) FROM item")
    wal = os.path.getsize(path + "-wal")
    lab.check(during == "1" and after == "2", f"reader: {during} during the write, {after} after the commit")
    lab.check(digest(path) == before and wal > 0, f"database file changed: {digest(path) != before}; -wal {wal}")

lab.report(f"the reader counted {during} item while the writer's transaction was open, {after} after its "
           f"commit; the commit wrote {wal} bytes to the -wal and not one byte of the database file")
