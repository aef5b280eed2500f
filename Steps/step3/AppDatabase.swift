import CourseCore
import CourseGRDB
import Foundation
import GRDB

// [docs:app-database]
/// The app's database, as GRDB's demo apps shape it: the writer is private,
/// so data changes only through the methods below, each named for what the
/// app does (`addPlayer`, `deleteTeam`…); queries read through `reader`.
struct AppDatabase: Sendable {
    private let dbWriter: any DatabaseWriter

    /// Read-only access: `database.reader.read(allPlayers)`.
    var reader: any DatabaseReader { dbWriter }
}
// [/docs:app-database]

// MARK: - Opening

extension AppDatabase {
    // [docs:factory]
    /// The one place that makes the app's database: opens it (a file, or memory),
    /// applies the configuration (foreign keys on; `--trace` prints the SQL) and
    /// runs the migrations. The tour, every subcommand and the tests call this,
    /// so an in-memory database has exactly the schema of a file.
    ///
    /// `demoData` adds the demo teams and players, once: only the tour and
    /// `--seed` ask. `foreignKeys: false` is for the tour's demonstration only.
    static func open(
        _ location: DatabaseLocation,
        reading: Bool = false,
        trace: Bool = false,
        demoData: Bool = false,
        foreignKeys: Bool = true,
        narrator: Narrator = Narrator()
    ) throws -> AppDatabase {
        let configuration = CourseGRDB.configuration(trace: trace, narrator: narrator, foreignKeys: foreignKeys)
        if reading {
            // A subcommand that only reads: an up-to-date file is opened read-only.
            return AppDatabase(
                dbWriter: try CourseGRDB.openForReading(
                    location, configuration: configuration, migrator: migrator(demoData: demoData)))
        }
        let queue = try CourseGRDB.openQueue(location, configuration: configuration)
        try attempt("migrate \(location.display)") {
            try migrator(demoData: demoData).migrate(queue)
        }
        return AppDatabase(dbWriter: queue)
    }
    // [/docs:factory]
}

// MARK: - Migrations

extension AppDatabase {
    /// The migrations, in order. Each runs once per database, in a transaction;
    /// `grdb_migrations` remembers which ones ran. Never edit a migration that has
    /// shipped: add a new one.
    static func migrator(demoData: Bool = false) -> DatabaseMigrator {
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

        // [docs:demo-data-migration]
        // Source 002 registers this only in DEBUG simulator builds: demo data
        // for development, never in an app on someone's phone. Here: only when asked.
        if demoData {
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
        // [/docs:demo-data-migration]
        return migrator
    }
}

// MARK: - What the app does

extension AppDatabase {
    /// Adds a team.
    func addTeam(named name: String) throws -> Team {
        try dbWriter.write { db in try Team(name: name).inserted(db) }  // INSERT INTO "teams" …
    }

    // [docs:add-player]
    /// Adds a player, and returns them with their team. No check beforehand:
    /// the foreign key is the check, and its refusal is put in the app's words.
    func addPlayer(_ player: Player) throws -> PlayerDetail {
        try dbWriter.write { db in
            // INSERT INTO "players" ("id", "name", "createdAt", "isInjured", "teamID") VALUES (NULL, ?, ?, ?, ?)
            let saved = try explainingMissingTeam(player.teamID) { try player.inserted(db) }
            return PlayerDetail(player: saved, team: try saved.teamID.flatMap { try findTeam(db, id: $0) })
        }
    }
    // [/docs:add-player]

    /// Puts a player on another team (`nil`: on none).
    func movePlayer(id: Int64, toTeam teamID: Int64?) throws -> PlayerDetail {
        try dbWriter.write { db in
            guard var player = try Player.fetchOne(db, id: id) else {
                throw CourseError.input("no player with id \(id) \(see("players"))")
            }
            // UPDATE "players" SET "teamID" = ? WHERE "id" = ?  (only the changed column)
            try explainingMissingTeam(teamID) { try player.updateChanges(db) { $0.teamID = teamID } }
            return PlayerDetail(player: player, team: try teamID.flatMap { try findTeam(db, id: $0) })
        }
    }

    /// Deletes a player.
    func deletePlayer(id: Int64) throws {
        _ = try dbWriter.write { db in try Player.deleteOne(db, id: id) }  // DELETE FROM "players" WHERE "id" = ?
    }

    // [docs:delete-team]
    /// Deletes a team. While players still belong to it, the foreign key makes
    /// SQLite refuse (SQLITE_CONSTRAINT_FOREIGNKEY); we say which players.
    func deleteTeam(id: Int64) throws -> Team {
        try dbWriter.write { db in
            guard let team = try findTeam(db, id: id) else {
                throw CourseError.input("no team with id \(id) \(see("teams"))")
            }
            do {
                _ = try team.delete(db)  // DELETE FROM "teams" WHERE "id" = ?
            } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY {
                // SELECT * FROM "players" WHERE "teamID" = ?
                let players = try Player.filter(Player.Columns.teamID == team.id).fetchAll(db)
                let names = players.map { "#\($0.id.map(String.init) ?? "?") \($0.name)" }.joined(separator: ", ")
                throw CourseError(
                    report: ErrorReport(
                        "could not delete team \(team.name): its players (\(names)) would point to nothing; move them first",
                        error: error), kind: .input)
            }
            return team
        }
    }
    // [/docs:delete-team]

    /// Runs `body`; when the foreign key refuses it, says which team is missing.
    @discardableResult
    private func explainingMissingTeam<T>(_ teamID: Int64?, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY {
            let what = "no team with id \(teamID.map(String.init) ?? "?") \(see("teams"))"
            throw CourseError(report: ErrorReport(what, error: error), kind: .input)
        }
    }
}

// MARK: - Demo data and schema

/// A fixed date for demo rows (2024-11-18 09:00:00 UTC, the episode's date),
/// so the tour prints the same thing every time.
let demoDate = Date(timeIntervalSince1970: 1_731_920_400)

/// The schema as SQLite stores it, one line per table or index: to compare
/// two databases made by `AppDatabase.open`.
func schema(_ db: Database) throws -> [String] {
    // SELECT type, name, sql FROM sqlite_master ORDER BY type, name
    try Row.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master ORDER BY type, name")
        .map { row in "\(row["type"] ?? "") \(row["name"] ?? ""): \(row["sql"] ?? "")" }
}
