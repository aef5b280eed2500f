"""Claim (chapter 3): NO ACTION and RESTRICT both refuse to delete a parent that has children; they differ in
when. NO ACTION checks at the end of the statement (at COMMIT for a deferred key), RESTRICT at once: a deferred
NO ACTION key lets a transaction delete the parent and fix the children before COMMIT; RESTRICT does not.
SQLite reports RESTRICT's refusal with the extended code 1811 (SQLITE_CONSTRAINT_TRIGGER), not 787
(SQLITE_CONSTRAINT_FOREIGNKEY): its message is the same, "FOREIGN KEY constraint failed".

The one thing that differs between the two tables: NO ACTION or RESTRICT (both DEFERRABLE INITIALLY DEFERRED).
"""

import os
import lab

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "players.sqlite"))
    db.execute("PRAGMA foreign_keys = ON; CREATE TABLE teams (id INTEGER PRIMARY KEY);"
               "INSERT INTO teams VALUES (1), (2), (3)")
    seen = {}
    for action in ("NO ACTION", "RESTRICT"):
        table = action.replace(" ", "_").lower()
        db.execute(f"CREATE TABLE {table} (teamID INTEGER REFERENCES teams(id) ON DELETE {action}"
                   " DEFERRABLE INITIALLY DEFERRED); INSERT INTO " + table + " VALUES (1)")
        # Alone, in autocommit: both refuse.
        refusal = db.fails("DELETE FROM teams WHERE id = 1")
        alone = (refusal.code, refusal.message)
        # In a transaction that moves the child before it commits.
        db.execute("BEGIN")
        try:
            db.execute(f"DELETE FROM teams WHERE id = 1; UPDATE {table} SET teamID = 2; COMMIT")
            seen[action] = (alone, "committed")
            db.execute("INSERT INTO teams VALUES (1)")
        except lab.SQLiteError as error:
            seen[action] = (alone, error.code)
            db.execute("ROLLBACK")
        db.execute(f"DELETE FROM {table}")
    refused = (787, "FOREIGN KEY constraint failed"), (1811, "FOREIGN KEY constraint failed")
    lab.check(seen == {"NO ACTION": (refused[0], "committed"), "RESTRICT": (refused[1], 1811)}, f"{seen}")

lab.report("alone, both refuse the DELETE (NO ACTION: 787 SQLITE_CONSTRAINT_FOREIGNKEY, RESTRICT: 1811 "
           "SQLITE_CONSTRAINT_TRIGGER); deferred, NO ACTION lets the transaction fix the child before COMMIT, "
           "RESTRICT refuses at once")
