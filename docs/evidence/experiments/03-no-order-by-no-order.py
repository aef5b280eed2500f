"""Claim (chapter 3): without ORDER BY, SQLite promises no order at all: the same SELECT answers in another
order once an index gives SQLite a shorter way to it; with ORDER BY, the order is the one asked for. And
BINARY, the default collation, compares bytes: a name sorts before the longer names it starts
("Blob" before "Blob Jr"), and "Zebra" before "apple".

The one thing that differs between the two plain SELECTs: an index on name.
"""

import os
import lab

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "players.sqlite"))
    # A wide bio makes the index on name the cheaper way to read every name, once it exists.
    db.execute("CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT, bio TEXT);"
               "INSERT INTO players (name, bio) SELECT column1, zeroblob(2000) FROM (VALUES ('Blob Sr'), ('apple'),"
               " ('Blob'), ('Zebra'), ('Blob Jr'))")
    before = db.column("SELECT name FROM players")
    db.execute("CREATE INDEX players_name ON players(name)")
    after = db.column("SELECT name FROM players")  # the index covers the query
    ordered = db.column("SELECT name FROM players ORDER BY id")
    lab.check(before != after and ordered == before, f"before the index: {before}; after: {after}")
    lab.check(after == ["Blob", "Blob Jr", "Blob Sr", "Zebra", "apple"], f"BINARY order: {after}")

lab.report(f"no ORDER BY: {before}; the same SELECT once an index exists: {after} (BINARY: bytes, "
           "shorter prefix first, Z before a); ORDER BY id gives the first order back")
