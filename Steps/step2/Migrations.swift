import GRDB

// Step 2 has no app type yet (step 3 introduces `AppDatabase`): its one
// migrator is a plain value that the tour and the subcommands share.

// [docs:migrator]
/// The schema, as a list of named changes applied in order, each once.
/// GRDB records the applied names in the `grdb_migrations` table.
var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("Create 'players' table") { db in
        // CREATE TABLE "players" ("id" INTEGER PRIMARY KEY AUTOINCREMENT,
        //   "name" TEXT NOT NULL, "createdAt" DATETIME DEFAULT CURRENT_TIMESTAMP)
        try db.create(table: "players") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("name", .text).notNull()
            table.column("createdAt", .datetime).defaults(sql: "CURRENT_TIMESTAMP")
        }
    }
    migrator.registerMigration("Add 'isInjured' to 'players'") { db in
        // ALTER TABLE "players" ADD COLUMN "isInjured" BOOLEAN NOT NULL DEFAULT 0
        try db.alter(table: "players") { table in
            table.add(column: "isInjured", .boolean).notNull().defaults(to: false)
        }
    }
    return migrator
}
// [/docs:migrator]
