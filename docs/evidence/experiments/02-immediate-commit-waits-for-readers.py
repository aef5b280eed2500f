"""Claim (chapter 2): BEGIN IMMEDIATE does not make the COMMIT safe. With a rollback journal, COMMIT needs every
reader gone: while another connection holds a read transaction, COMMIT gets SQLITE_BUSY once the busy handler gives
up, and the transaction stays open (COMMIT can be tried again). In WAL, readers do not hold up a COMMIT.

The one thing that differs between the two runs: the journal mode.
"""

import os
import lab

seen = []
for mode in ("delete", "wal"):
    with lab.scratch() as folder:
        path = os.path.join(folder, "players.sqlite")
        writer, reader = lab.Connection(path), lab.Connection(path)
        writer.execute(f"PRAGMA journal_mode = {mode}; CREATE TABLE players (name TEXT)")

        reader.execute("BEGIN")
        reader.value("SELECT count(*) FROM players")  # a read transaction, still open

        writer.on_busy(lambda call: call < 2)  # waits twice, then gives up
        writer.execute("BEGIN IMMEDIATE; INSERT INTO players VALUES ('Blob')")  # the write lock: granted
        try:
            writer.execute("COMMIT")
            outcome = f"{mode}: COMMIT succeeded, busy handler ran {writer.busy_calls} times"
            lab.check(mode == "wal" and writer.busy_calls == 0, outcome)
        except lab.SQLiteError as error:
            still_open = writer.in_transaction()
            lab.check(mode == "delete" and error.name == "SQLITE_BUSY" and still_open,
                      f"{mode}: {error.name}, transaction still open: {still_open}")
            reader.execute("COMMIT")  # the reader goes
            writer.execute("COMMIT")  # the same transaction, committed now
            outcome = (f"{mode}: COMMIT got {error.name} after {writer.busy_calls} busy calls, the transaction "
                       "stayed open, and committed once the reader went")
        seen.append(outcome)
        if reader.in_transaction():
            reader.execute("COMMIT")
        lab.check(reader.value("SELECT count(*) FROM players") == "1", f"{mode}: Blob not stored")
        writer.close(), reader.close()

lab.report("BEGIN IMMEDIATE, a reader still open: " + "; ".join(seen))
