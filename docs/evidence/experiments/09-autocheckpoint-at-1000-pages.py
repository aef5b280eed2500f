"""Claim (chapter 9): in WAL mode, commits pile up in the -wal file until a checkpoint copies them into the
database file; SQLite runs one by itself once the -wal reaches 1000 pages (PRAGMA wal_autocheckpoint).

The one thing that differs between the two runs: wal_autocheckpoint left at its default, or 0 (off).
"""

import os
import lab


def run(folder, name, autocheckpoint):
    """Commits 1,200 rows of 3,000 bytes one by one; returns the default, the database file's pages and the
    -wal's frames (each a page)."""
    path = os.path.join(folder, name)
    db = lab.Connection(path)
    db.execute("PRAGMA journal_mode = WAL; CREATE TABLE entry (blob BLOB)")
    if autocheckpoint is not None:
        db.execute(f"PRAGMA wal_autocheckpoint = {autocheckpoint}")
    default = db.value("PRAGMA wal_autocheckpoint")
    for _ in range(1200):
        db.execute("INSERT INTO entry VALUES (zeroblob(3000))")
    pages = os.path.getsize(path) // 4096
    db.execute("SELECT 1")
    frames = db.execute("PRAGMA wal_checkpoint(PASSIVE)")[0][1]  # the -wal's frames, checkpointed now
    return default, pages, int(frames)


with lab.scratch() as folder:
    default, checkpointed, frames = run(folder, "default.sqlite", None)
    _, off, off_frames = run(folder, "off.sqlite", 0)
    lab.check(default == "1000" and checkpointed > 1000 and frames < 1000, f"default: {default}, file {checkpointed} "
              f"pages, -wal {frames} frames")
    lab.check(off <= 2 and off_frames > 1200, f"off: file {off} pages, -wal {off_frames} frames")

lab.report(f"1,200 commits of a 3,000-byte row each: with wal_autocheckpoint = {default} the database file grew to "
           f"{checkpointed} pages and the -wal holds {frames} frames; with it off, the file kept {off} pages and "
           f"the -wal {off_frames} frames")
