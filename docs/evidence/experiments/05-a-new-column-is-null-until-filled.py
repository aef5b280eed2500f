"""Claim (chapter 5): a nullable column added without a DEFAULT is NULL in the rows already there, and a
program that knows nothing of it (an INSERT that leaves it out) stores NULL in it too; the UPDATE that fills
it needs the column to exist first; coalesce(notes, name) gives the name where notes is NULL; and an UPDATE
fills only the rows that exist when it runs.

The one thing that differs between the rows: when each was inserted (before the column, after the UPDATE).
"""

import os
import lab

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "items.sqlite"))
    db.execute("CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO item (name) VALUES ('Apple')")
    too_early = db.fails("UPDATE item SET notes = name")
    db.execute("ALTER TABLE item ADD COLUMN notes TEXT")
    added = db.value("SELECT quote(notes) FROM item WHERE name = 'Apple'")
    db.execute("INSERT INTO item (name) VALUES ('Banana')")  # an older program: it does not name notes
    older = db.value("SELECT quote(notes) FROM item WHERE name = 'Banana'")
    db.execute("UPDATE item SET notes = name")
    db.execute("INSERT INTO item (name) VALUES ('Pear')")  # after the migration's UPDATE
    rows = db.execute("SELECT name, quote(notes), coalesce(notes, name) FROM item ORDER BY id")
    lab.check("no such column: notes" in too_early.message and added == "NULL" and older == "NULL",
              f"UPDATE first: {too_early}; added: {added}; left out: {older}")
    lab.check(rows == [["Apple", "'Apple'", "Apple"], ["Banana", "'Banana'", "Banana"], ["Pear", "NULL", "Pear"]],
              f"rows {rows}")

lab.report(f"UPDATE before ADD COLUMN: \"{too_early.message}\"; the new column is {added} in the old row and in "
           f"a row that leaves it out; after the UPDATE, Pear (inserted later) has notes {rows[2][1]}, and "
           f"coalesce gives \"{rows[2][2]}\"")
