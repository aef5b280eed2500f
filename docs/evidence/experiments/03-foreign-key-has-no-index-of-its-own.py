"""Claim (chapter 3): SQLite does not index a foreign key by itself: without an index of ours on
players.teamID, deleting a team reads the whole players table to look for its players (999 full-scan steps for 1,000 players: the first
row is reached without a step forward);
with the index, none. And with enforcement off, an INSERT skips the lookup in teams (fewer VM steps).

The one thing that differs between the two deletes: CREATE INDEX on players(teamID).
"""

import os
import lab


SCHEMA = ("PRAGMA foreign_keys = ON;"
          "CREATE TABLE teams (id INTEGER PRIMARY KEY);"
          "CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT, teamID INTEGER REFERENCES teams(id));"
          "INSERT INTO teams VALUES (1), (2);"
          "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)"
          " INSERT INTO players (name, teamID) SELECT 'player ' || i, 2 FROM n;")

with lab.scratch() as folder:
    bare = lab.Connection(os.path.join(folder, "bare.sqlite"))
    bare.execute(SCHEMA)
    indexes = bare.execute("SELECT name FROM pragma_index_list('players')")
    delete = "DELETE FROM teams WHERE id = 1"  # the team has no players left
    insert = "INSERT INTO players (name, teamID) VALUES ('Blob', 2)"
    scan, _ = bare.counted(delete)
    _, checked = bare.counted(insert)
    bare.execute("PRAGMA foreign_keys = OFF")
    _, unchecked = bare.counted(insert)

    indexed = lab.Connection(os.path.join(folder, "indexed.sqlite"))
    indexed.execute(SCHEMA + "CREATE INDEX players_teamID ON players(teamID)")
    lookup, _ = indexed.counted(delete)

    lab.check(indexes == [] and scan == 999 and lookup == 0,
              f"indexes on players: {indexes}; full-scan steps: {scan} without, {lookup} with the index")
    lab.check(unchecked < checked, f"INSERT VM steps: {checked} enforcing, {unchecked} not")

lab.report(f"no index on players.teamID until we make one: deleting a team stepped through {scan} players "
           f"(full scan), {lookup} with the index; an INSERT ran {checked} VM steps enforcing the key, "
           f"{unchecked} with foreign_keys off")
