"""Claim (chapter 3's exercises): LEFT JOIN adds a row of NULLs for a team without players, which count(*)
counts and count(players.id) skips; an inner JOIN drops that team.

One query per way of counting; the data is the same.
"""

import os
import lab

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "players.sqlite"))
    db.execute("CREATE TABLE teams (id INTEGER PRIMARY KEY, name TEXT);"
               "CREATE TABLE players (id INTEGER PRIMARY KEY, teamID INTEGER);"
               "INSERT INTO teams VALUES (1, 'Lions'), (2, 'Empty');"
               "INSERT INTO players (teamID) VALUES (1), (1)")
    star = db.execute("SELECT teams.name, count(*) FROM teams LEFT JOIN players ON players.teamID = teams.id"
                      " GROUP BY teams.id ORDER BY teams.id")
    column = db.execute("SELECT teams.name, count(players.id) FROM teams"
                        " LEFT JOIN players ON players.teamID = teams.id GROUP BY teams.id ORDER BY teams.id")
    inner = db.execute("SELECT teams.name, count(*) FROM teams JOIN players ON players.teamID = teams.id"
                       " GROUP BY teams.id ORDER BY teams.id")
    lab.check(star == [["Lions", "2"], ["Empty", "1"]] and column == [["Lions", "2"], ["Empty", "0"]]
              and inner == [["Lions", "2"]], f"count(*): {star}; count(players.id): {column}; inner: {inner}")

lab.report(f"LEFT JOIN with count(*): {star}; with count(players.id): {column}; inner JOIN: {inner}")
