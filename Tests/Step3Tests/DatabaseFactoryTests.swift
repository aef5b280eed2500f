import CourseCore
import CourseTestSupport
import GRDB
import Testing

@testable import step3

/// `AppDatabase.open`: one factory, the same schema everywhere, demo data only when asked.
@Suite(.temporaryDirectory) struct DatabaseFactoryTests {
    static let schemaMigrations = [
        "Create 'players' table",
        "Add 'isInjured' to 'players'",
        "Create 'teams' table",
        "Add 'teamID' to 'players'",
    ]

    @Test func inMemoryAndFileDatabasesHaveTheSameSchema() throws {
        let directory = try TemporaryDirectory.current
        let file = try AppDatabase.open(.file(directory.file("app.sqlite")))
        let memory = try AppDatabase.open(.inMemory)

        let fileSchema = try file.reader.read(schema)
        #expect(try memory.reader.read(schema) == fileSchema)
        // The schema is the one the migrations describe, not an empty one.
        #expect(fileSchema.contains { $0.hasPrefix("table teams:") })
        #expect(
            fileSchema.contains {
                $0.hasPrefix("table players:") && $0.contains(#""teamID" INTEGER REFERENCES "teams"("id")"#)
            })
        #expect(fileSchema.contains { $0.hasPrefix("index index_players_on_teamID:") })
        #expect(
            try file.reader.read { db in try AppDatabase.migrator().appliedMigrations(db) } == Self.schemaMigrations)
        // Foreign keys are on for the factory's connections.
        #expect(try file.reader.read { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") } == true)
    }

    @Test func demoDataOnlyWhenAsked() throws {
        let directory = try TemporaryDirectory.current
        let location = DatabaseLocation.file(directory.file("app.sqlite"))

        let plain = try AppDatabase.open(location)
        #expect(try plain.reader.read { db in try Team.fetchCount(db) + Player.fetchCount(db) } == 0)
        #expect(
            try plain.reader.read { db in try AppDatabase.migrator(demoData: true).appliedMigrations(db) }
                == Self.schemaMigrations)

        // Asking later seeds the same file once; asking again changes nothing.
        for _ in 1...2 {
            let seeded = try AppDatabase.open(location, demoData: true)
            let rows = try seeded.reader.read { db in
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT players.name, players.isInjured, teams.name AS team
                        FROM players JOIN teams ON teams.id = players.teamID ORDER BY players.id
                        """
                ).map {
                    "\($0["name"] as String? ?? "") \($0["isInjured"] as Bool? ?? false) \($0["team"] as String? ?? "")"
                }
            }
            #expect(rows == ["Blob false Lions", "Blob Jr false Tigers", "Blob Sr true Bears"])
            #expect(try seeded.reader.read { db in try Team.fetchCount(db) } == 3)
        }
        // A later run without --seed accepts the seeded file as it is.
        let again = try AppDatabase.open(location)
        #expect(try again.reader.read { db in try Player.fetchCount(db) } == 3)
    }

    @Test func createdAtDefaultsToNowWhenAnInsertLeavesItOut() throws {
        // A row inserted by other means than the app (the sqlite3 shell, say).
        let path = try TemporaryDirectory.current.file("app.sqlite")
        let database = try AppDatabase.open(.file(path))
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "INSERT INTO players (name) VALUES ('Raw')") }
        let createdAt = try database.reader.read { db in try Player.fetchOne(db)?.createdAt }
        let age = try #require(createdAt).timeIntervalSinceNow
        #expect(abs(age) < 60)
    }

    @Test func aFileThatIsNotADatabaseIsRefused() throws {
        let directory = try TemporaryDirectory.current
        let path = directory.file("notes.sqlite")
        try "these are notes, not a database".write(toFile: path, atomically: true, encoding: .utf8)
        let error = try #require(throws: CourseError.self) { try AppDatabase.open(.file(path)) }
        #expect(error.report.resultCode == 26)  // SQLITE_NOTADB
    }

    @Test func grdbItselfRefusesAFileThatIsNotADatabaseAsItOpens() throws {
        let path = try TemporaryDirectory.current.file("notes.sqlite")
        try "these are notes, not a database".write(toFile: path, atomically: true, encoding: .utf8)
        // No query yet: GRDB reads the schema as it opens the connection.
        let error = try #require(throws: DatabaseError.self) { try DatabaseQueue(path: path) }
        #expect(error.resultCode == .SQLITE_NOTADB)
    }
}
