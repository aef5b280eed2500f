"""Claim (chapter 3): SQLite lets many readers in at once but one writer at a time: two connections read
inside open transactions while a third begins a write; a fourth that also wants to write is refused
(SQLITE_BUSY, no busy handler) until the first writer ends.

The one thing that differs between the four connections: what they begin (a read, or BEGIN IMMEDIATE).
"""

import os
import lab

with lab.scratch() as folder:
    path = os.path.join(folder, "players.sqlite")
    setup = lab.Connection(path)
    setup.execute("CREATE TABLE players (name TEXT); INSERT INTO players VALUES ('Blob')")
    readers = [lab.Connection(path), lab.Connection(path)]
    counts = []
    for reader in readers:
        reader.execute("BEGIN")
        counts.append(reader.value("SELECT count(*) FROM players"))  # holds a SHARED lock until COMMIT
    writer, second = lab.Connection(path), lab.Connection(path)
    writer.execute("BEGIN IMMEDIATE; INSERT INTO players VALUES ('Blob Jr')")
    refused = second.fails("BEGIN IMMEDIATE")
    still = [reader.value("SELECT count(*) FROM players") for reader in readers]
    lab.check(counts == ["1", "1"] and still == ["1", "1"] and refused.name == "SQLITE_BUSY",
              f"readers {counts} then {still}; a second writer: {refused}")
    for reader in readers:
        reader.execute("COMMIT")
    writer.execute("COMMIT")
    second.execute("BEGIN IMMEDIATE; COMMIT")

lab.report(f"two readers read inside their transactions while a writer had begun; a second writer got "
           f"{refused.name} (\"{refused.message}\") until the first committed")
