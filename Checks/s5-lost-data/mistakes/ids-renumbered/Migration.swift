import GRDB

// Exercise s5-lost-data · fix the bug · chapter 5, "The migration"
//
// This migration makes `notes` NOT NULL, which ALTER TABLE cannot add to an
// existing column, so it rebuilds the table: create the new shape, drop the
// old, rename. It runs without an error on a test database, and on the
// learner's file it loses something precious. Fix it: every item stays, with
// its id (other tables point at it), its name and quantity, and its note; a
// note that is still NULL becomes the item's name, as addNotes fills it (not
// the column's DEFAULT '', which only an INSERT that leaves notes out gets).

func registerRequiredNotes(_ migrator: inout DatabaseMigrator) {
    migrator.registerMigration("requireNotes") { db in
        try db.execute(
            sql: """
                CREATE TABLE new_item (
                  id INTEGER PRIMARY KEY AUTOINCREMENT,
                  name TEXT NOT NULL,
                  quantity INTEGER,
                  notes TEXT NOT NULL DEFAULT '')
                """)
        // Copy every row into the new table before the old one goes.
        try db.execute(
            sql: """
                INSERT INTO new_item (name, quantity, notes)
                SELECT name, quantity, coalesce(notes, name) FROM item
                """)
        try db.execute(sql: "DROP TABLE item")
        try db.execute(sql: "ALTER TABLE new_item RENAME TO item")
    }
}
