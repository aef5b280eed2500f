import GRDB

// Exercise s5-add-notes · write the code · chapter 5, "The migration"
//
// Files made by step 4 hold item (id, name, quantity) and the migration
// "createItem". Register the next migration, "addNotes": it adds a nullable
// TEXT column `notes` and fills it, for the items already there, with their
// name. Both happen, or neither.

func registerAddNotes(_ migrator: inout DatabaseMigrator) {
    // Mistake: the filling is a migration of its own, in a transaction of its own.
    migrator.registerMigration("addNotes") { db in
        try db.alter(table: "item") { table in
            table.add(column: "notes", .text)
        }
    }
    migrator.registerMigration("fillNotes") { db in
        try db.execute(sql: "UPDATE item SET notes = name")
    }
}
