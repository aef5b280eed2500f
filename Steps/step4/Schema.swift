import GRDB
import ItemsKit

// [docs:migrator]
/// The migrations, in order. GRDB records each one it applies in table
/// grdb_migrations and never runs it again on that file.
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        // The seed sets `eraseDatabaseOnSchemaChange` in DEBUG builds: while
        // you edit a migration, GRDB deletes the database instead of failing.
        // We leave it off: a learner's file (or one made by the seed's app)
        // must never be erased behind their back.
        migrator.registerMigration("createItem", migrate: ItemMigrations.createItem)
        return migrator
    }
}
// [/docs:migrator]
