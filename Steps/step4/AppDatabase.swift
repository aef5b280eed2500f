import GRDB
import ItemsKit

/// Step 4's database: ItemsKit's `AppDatabase` (the one door to the file),
/// for this step's `Item`, with this step's migrations.
typealias AppDatabase = ItemsKit.AppDatabase<Item>

// [docs:migrator]
extension AppDatabase {
    /// The migrations, in order. GRDB records each one it applies in table
    /// grdb_migrations and never runs it again on that file.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        // The tutorial sets `eraseDatabaseOnSchemaChange` in DEBUG builds: when
        // the file's schema differs from the one its applied migrations build
        // (or the file has applied a migration the migrator does not know),
        // GRDB erases the file's content and migrates it afresh.
        // We leave it off: a learner's file (or one made by the tutorial's app)
        // must never be erased behind their back.
        migrator.registerMigration("createItem", migrate: ItemMigrations.createItem)
        return migrator
    }
}
// [/docs:migrator]
