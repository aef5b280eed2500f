"""Claim (chapter 2): every connection opened in memory gets a different, empty database: a table one
connection creates in memory, another connection opened the same way never sees.

Compared with two connections to one file, which share what they write.
"""

import os
import lab

first, second = lab.Connection(":memory:"), lab.Connection(":memory:")
first.execute("CREATE TABLE players (name TEXT); INSERT INTO players VALUES ('Blob')")
missing = second.fails("SELECT count(*) FROM players")
lab.check("no such table" in missing.message, f"the second memory connection: {missing}")

with lab.scratch() as folder:
    path = os.path.join(folder, "players.sqlite")
    writer, reader = lab.Connection(path), lab.Connection(path)
    writer.execute("CREATE TABLE players (name TEXT); INSERT INTO players VALUES ('Blob')")
    shared = reader.value("SELECT count(*) FROM players")
    lab.check(shared == "1", f"the second file connection counts {shared}")

lab.report(f"a second :memory: connection: \"{missing.message}\"; a second connection to one file counts "
           f"{shared} player")
