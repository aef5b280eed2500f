import Foundation
import GRDB

// [docs:player]
/// A player, as a GRDB record. The protocols do the work step 1 did by hand:
/// - `Codable`: the columns are the properties, by name.
/// - `FetchableRecord`: rows decode into players (`Player.fetchAll(db)`).
/// - `MutablePersistableRecord`: players encode into INSERT and UPDATE statements.
struct Player: Codable, Equatable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "players"

    var id: Int64?          // nil until inserted
    var name: String
    var createdAt: Date
    var isInjured = false

    /// After an INSERT, SQLite tells the new row's id: keep it.
    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
// [/docs:player]

// [docs:migrator]
/// The schema, as a list of named changes applied in order, each once.
/// GRDB records the applied names in the `grdb_migrations` table.
func makeMigrator() -> DatabaseMigrator {
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

/// Players as the narrator prints them.
func playersTable(_ players: [Player]) -> (headers: [String], rows: [[String?]]) {
    (["id", "name", "createdAt", "isInjured"],
     players.map { [$0.id.map(String.init), $0.name, formatDate($0.createdAt), $0.isInjured ? "yes" : "no"] })
}

/// Dates print as GRDB stores them: UTC, "yyyy-MM-dd HH:mm:ss".
func formatDate(_ date: Date) -> String {
    date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day().dateSeparator(.dash)
        .time(includingFractionalSeconds: false).timeSeparator(.colon).dateTimeSeparator(.space))
}
