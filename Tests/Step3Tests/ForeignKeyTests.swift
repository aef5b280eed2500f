import CourseCore
import CourseTestSupport
import GRDB
import Testing
@testable import step3

/// What `players.teamID REFERENCES teams` makes SQLite do.
@Suite(.temporaryDirectory) struct ForeignKeyTests {
    /// The demo database: Lions(Blob), Tigers(Blob Jr), Bears(Blob Sr).
    func seeded() throws -> DatabaseQueue { try appDatabase(location: .inMemory, seed: true) }

    @Test func insertingAPlayerOnATeamThatDoesNotExistIsRefused() throws {
        let database = try seeded()
        let error = try #require(throws: DatabaseError.self) {
            _ = try database.write { db in try Player(name: "Ghost", createdAt: demoDate, teamID: 42).inserted(db) }
        }
        #expect(error.resultCode == .SQLITE_CONSTRAINT)
        #expect(error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY)
        #expect(try database.read { db in try Player.fetchCount(db) } == 3)
    }

    @Test func deletingATeamThatHasPlayersIsRefused() throws {
        let database = try seeded()
        let error = try #require(throws: DatabaseError.self) {
            try database.write { db in try Team.deleteOne(db, id: 1) }
        }
        #expect(error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY)
        #expect(try database.read { db in try findTeam(db, id: 1) }?.name == "Lions")

        // The subcommand's version names the players in the way.
        let report = try #require(throws: CourseError.self) {
            try database.write { db in
                let lions = try #require(try findTeam(db, id: 1))
                try deleteRefusingOrphans(db, lions)
            }
        }.report
        #expect(report.what.contains("#1 Blob"))
        #expect(report.extendedResultCode == 787)
    }

    @Test func aTeamWithoutPlayersCanBeDeleted() throws {
        let database = try seeded()
        try database.write { db in
            _ = try Player.deleteOne(db, id: 1)
            let lions = try #require(try findTeam(db, id: 1))
            try deleteRefusingOrphans(db, lions)
        }
        #expect(try database.read { db in try allTeams(db).map(\.name) } == ["Tigers", "Bears"])
    }

    @Test func onDeleteSetNullKeepsThePlayersWithoutATeam() throws {
        let left = try deleteLions(onDelete: .setNull, trace: false, narrator: Narrator(write: { _ in }))
        #expect(left.map(\.name) == ["Blob", "Blob Jr", "Blob Sr"])
        #expect(left.map(\.teamID) == [nil, nil, 2])
    }

    @Test func onDeleteCascadeDeletesThePlayersToo() throws {
        let left = try deleteLions(onDelete: .cascade, trace: false, narrator: Narrator(write: { _ in }))
        #expect(left.map(\.name) == ["Blob Sr"])
    }

    @Test func withoutOnDeleteTheDeleteIsRefused() throws {
        let error = try #require(throws: DatabaseError.self) {
            try deleteLions(onDelete: nil, trace: false, narrator: Narrator(write: { _ in }))
        }
        #expect(error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY)
    }

    @Test func withForeignKeysOffADanglingRowGetsInAndTheCheckFindsIt() throws {
        let directory = try TemporaryDirectory.current
        let location = DatabaseLocation.file(directory.file("app.sqlite"))
        let database = try appDatabase(location: location, seed: true)
        #expect(try database.read(foreignKeyProblems).isEmpty)

        let unchecked = try connectionWithoutForeignKeys(to: location, trace: false, narrator: Narrator(write: { _ in }))
        #expect(try unchecked.read { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") } == false)
        let ghost = try unchecked.write { db in try Player(name: "Ghost", createdAt: demoDate, teamID: 42).inserted(db) }

        let problems = try database.read(foreignKeyProblems)
        #expect(problems.count == 1)
        #expect(problems.first?.originTable == "players")
        #expect(problems.first?.originRowID == ghost.id)
        #expect(problems.first?.destinationTable == "teams")
    }
}
