import CourseCore
import CourseGRDB
import Foundation
import GRDB

// [docs:factory]
/// The one place that makes the app's database: opens it (a file, or memory),
/// applies the configuration (foreign keys on; `--trace` prints the SQL) and
/// runs the migrations. The tour, every subcommand and the tests call this,
/// so an in-memory database has exactly the schema of a file.
///
/// `seed` adds the demo teams and players, once: only the tour and `--seed` ask.
func appDatabase(
    location: DatabaseLocation,
    trace: Bool = false,
    seed: Bool = false,
    narrator: Narrator = Narrator()
) throws -> DatabaseQueue {
    let configuration = CourseGRDB.configuration(trace: trace, narrator: narrator)
    let queue = try CourseGRDB.openQueue(location, configuration: configuration)
    try attempt("migrate \(location.display)") {
        try migrator(seed: seed).migrate(queue)
    }
    return queue
}
// [/docs:factory]

/// The migrations, in order. Each runs once per database, in a transaction;
/// `grdb_migrations` remembers which ones ran. Never edit a migration that has
/// shipped: add a new one.
func migrator(seed: Bool) -> DatabaseMigrator {
    var migrator = DatabaseMigrator()

    // [docs:migrations]
    migrator.registerMigration("Create 'players' table") { db in
        // CREATE TABLE "players" (
        //   "id" INTEGER PRIMARY KEY AUTOINCREMENT,
        //   "name" TEXT NOT NULL,
        //   "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP)
        try db.create(table: "players") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("name", .text).notNull()
            table.column("createdAt", .datetime).notNull().defaults(sql: "CURRENT_TIMESTAMP")
        }
    }
    migrator.registerMigration("Add 'isInjured' to 'players'") { db in
        // ALTER TABLE "players" ADD COLUMN "isInjured" BOOLEAN NOT NULL DEFAULT 0
        try db.alter(table: "players") { table in
            table.add(column: "isInjured", .boolean).notNull().defaults(to: false)
        }
    }
    migrator.registerMigration("Create 'teams' table") { db in
        // CREATE TABLE "teams" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "name" TEXT NOT NULL)
        try db.create(table: "teams") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("name", .text).notNull()
        }
    }
    migrator.registerMigration("Add 'teamID' to 'players'") { db in
        // ALTER TABLE "players" ADD COLUMN "teamID" INTEGER REFERENCES "teams"("id")
        try db.alter(table: "players") { table in
            table.add(column: "teamID", .integer).references("teams")
        }
        // CREATE INDEX "index_players_on_teamID" ON "players"("teamID")
        // SQLite does not index a foreign key by itself; without this, every
        // team deletion reads the whole players table to look for its players.
        try db.create(indexOn: "players", columns: ["teamID"])
    }
    // [/docs:migrations]

    // [docs:seed-migration]
    // The seed registers this only in DEBUG simulator builds: demo data for
    // development, never in an app on someone's phone. Here: only when asked.
    if seed {
        migrator.registerMigration("Seed demo teams and players") { db in
            // INSERT INTO "teams" ("id", "name") VALUES (NULL, 'Lions'), then Tigers, Bears
            let lions = try Team(name: "Lions").inserted(db)
            let tigers = try Team(name: "Tigers").inserted(db)
            let bears = try Team(name: "Bears").inserted(db)
            // INSERT INTO "players" ("id", "name", "createdAt", "isInjured", "teamID") VALUES (NULL, 'Blob', …)
            for player in [
                Player(name: "Blob", createdAt: demoDate, teamID: lions.id),
                Player(name: "Blob Jr", createdAt: demoDate, teamID: tigers.id),
                Player(name: "Blob Sr", createdAt: demoDate, isInjured: true, teamID: bears.id),
            ] {
                _ = try player.inserted(db)
            }
        }
    }
    // [/docs:seed-migration]
    return migrator
}

/// A fixed date for demo rows (2024-11-18 09:00:00 UTC, the episode's date),
/// so the tour prints the same thing every time.
let demoDate = Date(timeIntervalSince1970: 1_731_920_400)

/// The schema as SQLite stores it, one line per table or index: to compare
/// two databases made by `appDatabase`.
func schema(_ db: Database) throws -> [String] {
    // SELECT type, name, sql FROM sqlite_master ORDER BY type, name
    try Row.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master ORDER BY type, name")
        .map { row in "\(row["type"] ?? "") \(row["name"] ?? ""): \(row["sql"] ?? "")" }
}
