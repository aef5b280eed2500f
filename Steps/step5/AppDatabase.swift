import GRDB
import ItemsKit

/// Step 5's database: ItemsKit's `AppDatabase` (the one door to the file),
/// for this step's `Item`, with this step's migrations.
typealias AppDatabase = ItemsKit.AppDatabase<Item>

// [docs:migrator]
extension AppDatabase {
    /// The migrations, in order. GRDB records each one it applies in table
    /// grdb_migrations and never runs it again on that file.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        // `eraseDatabaseOnSchemaChange` stays off, as the tutorial now has it:
        // this step is about keeping the items while the schema changes.
        migrator.registerMigration("createItem", migrate: ItemMigrations.createItem)

        // A new migration after the old ones; createItem stays as it was.
        // One transaction: the new column and its values, or neither.
        migrator.registerMigration("addNotes") { db in
            // ALTER TABLE item ADD COLUMN notes TEXT
            try db.alter(table: "item") { table in
                table.add(column: "notes", .text)
            }
            try db.execute(sql: "UPDATE item SET notes = name")
        }
        return migrator
    }
}
// [/docs:migrator]
