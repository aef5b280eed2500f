"""Claim (chapter 3): ON DELETE SET NULL needs a column that allows NULL: in a NOT NULL column the DELETE of the
parent is refused, by the NOT NULL constraint.

The one thing that differs between the two tables: NOT NULL on teamID.
"""

import os
import lab

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "players.sqlite"))
    db.execute("PRAGMA foreign_keys = ON;"
               "CREATE TABLE teams (id INTEGER PRIMARY KEY);"
               "CREATE TABLE nullable (teamID INTEGER REFERENCES teams(id) ON DELETE SET NULL);"
               "CREATE TABLE required (teamID INTEGER NOT NULL REFERENCES teams(id) ON DELETE SET NULL);"
               "INSERT INTO teams VALUES (1), (2); INSERT INTO nullable VALUES (1); INSERT INTO required VALUES (2)")
    db.execute("DELETE FROM teams WHERE id = 1")
    emptied = db.value("SELECT typeof(teamID) FROM nullable")
    refused = db.fails("DELETE FROM teams WHERE id = 2")
    lab.check(emptied == "null" and refused.name == "SQLITE_CONSTRAINT_NOTNULL",
              f"nullable: teamID {emptied}; NOT NULL: {refused}")

lab.report(f"SET NULL: a nullable teamID became NULL; a NOT NULL one made the DELETE fail ({refused.name})")
