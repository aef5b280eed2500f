import GRDB

// Exercise s5-add-notes · write the code · chapter 5, "The migration"
//
// Files made by step 4 hold item (id, name, quantity) and the migration
// "createItem". Register the next migration, "addNotes": it adds a nullable
// TEXT column `notes` and fills it, for the items already there, with their
// name. Both happen, or neither.

func registerAddNotes(_ migrator: inout DatabaseMigrator) {
    migrator.registerMigration("addNotes") { db in
        // ALTER TABLE item ADD COLUMN notes TEXT
        try db.alter(table: "item") { table in
            table.add(column: "notes", .text).notNull().defaults(to: "")
        }
        // The migration runs in a transaction: the column and its values, or neither.
        try db.execute(sql: "UPDATE item SET notes = name")
    }
}
