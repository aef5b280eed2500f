"""Claim (chapter 3): a column's DEFAULT applies only to a column the INSERT leaves out. An INSERT that names the
column and gives it NULL (as GRDB does for a nil property) stores NULL, or, in a NOT NULL column, is refused.

The one thing that differs between the three inserts: how createdAt is given.
"""

import os
import lab

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "players.sqlite"))
    db.execute("CREATE TABLE nullable (name TEXT, createdAt DATETIME DEFAULT CURRENT_TIMESTAMP);"
               "CREATE TABLE required (name TEXT, createdAt DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP)")

    db.execute("INSERT INTO nullable (name) VALUES ('left out')")
    db.execute("INSERT INTO nullable (name, createdAt) VALUES ('given NULL', NULL)")
    left_out, given_null = [row[0] for row in db.execute("SELECT typeof(createdAt) FROM nullable ORDER BY rowid")]
    lab.check(left_out == "text" and given_null == "null", f"left out: {left_out}; given NULL: {given_null}")

    refused = db.fails("INSERT INTO required (name, createdAt) VALUES ('given NULL', NULL)")
    lab.check(refused.name == "SQLITE_CONSTRAINT_NOTNULL", f"NOT NULL column given NULL: {refused}")

lab.report("createdAt left out: the DEFAULT (now); given NULL: NULL stored, and in a NOT NULL column "
           f"{refused.name}")
