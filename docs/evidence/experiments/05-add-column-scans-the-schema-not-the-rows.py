"""Claim (chapter 5): ALTER TABLE … ADD COLUMN edits the table's CREATE TABLE text in the schema: its full-scan
steps are the schema table's rows, the same whatever the table holds; the UPDATE that fills the new column steps
through every row.

The same schema (step 4's: the item table with AUTOINCREMENT, so sqlite_sequence too, and GRDB's grdb_migrations
with its primary-key index: four rows in sqlite_schema) with 8 items and with 1,000: the one thing that changes.
"""

import lab


def counts(items):
    db = lab.Connection(":memory:")
    db.execute('CREATE TABLE "item" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "name" TEXT NOT NULL, "quantity" INTEGER)')
    db.execute("CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
    db.execute(f"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {items}) "
               "INSERT INTO item (name) SELECT 'item ' || i FROM n")
    schema_rows = db.value("SELECT COUNT(*) FROM sqlite_schema")
    steps = []
    for sql in ('ALTER TABLE "item" ADD COLUMN "notes" TEXT', "UPDATE item SET notes = name"):
        statement = db.prepare(sql)
        statement.step()
        steps.append(statement.full_scan_steps())
        statement.finalize()
    db.close()
    return schema_rows, steps


small, large = counts(8), counts(1000)
lab.check(small == ("4", [3, 7]) and large == ("4", [3, 999]), f"8 items: {small}; 1,000 items: {large}")
lab.report(f"schema of {small[0]} rows; ALTER TABLE … ADD COLUMN: {small[1][0]} full-scan steps with 8 items and "
           f"{large[1][0]} with 1,000; the UPDATE: {small[1][1]} and {large[1][1]}")
