"""Claim (chapter 1): with this library's defaults a new database file uses a rollback journal
(journal_mode = delete) and synchronous = FULL (2): each commit waits until the disk says the data is written.
"""

import os
import lab

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "players.sqlite"))
    journal = db.value("PRAGMA journal_mode")
    synchronous = db.value("PRAGMA synchronous")
    lab.check(journal == "delete" and synchronous == "2", f"journal_mode {journal}, synchronous {synchronous}")

lab.report(f"a new file: journal_mode = {journal}, synchronous = {synchronous} (FULL)")
