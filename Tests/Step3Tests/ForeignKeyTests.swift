import CourseCore
import CourseTestSupport
import GRDB
import Testing

@testable import step3

/// What `players.teamID REFERENCES teams` makes SQLite do.
@Suite(.temporaryDirectory) struct ForeignKeyTests {
    /// The demo database: Lions(Blob), Tigers(Blob Jr), Bears(Blob Sr).
    func seeded(foreignKeys: Bool = true) throws -> AppDatabase {
        try AppDatabase.open(.inMemory, demoData: true, foreignKeys: foreignKeys)
    }

    @Test func addingAPlayerOnATeamThatDoesNotExistIsRefusedBySQLite() throws {
        let database = try seeded()
        let error = try #require(throws: CourseError.self) {
            _ = try database.addPlayer(Player(name: "Ghost", createdAt: demoDate, teamID: 42))
        }
        #expect(error.kind == .input)  // the learner's team id, not a failure of the program
        let report = error.report
        #expect(report.what == #"no team with id 42 (see: make step3 ARGS="teams")"#)
        #expect(report.resultCode == 19)  // SQLITE_CONSTRAINT
        #expect(report.extendedResultCode == 787)  // SQLITE_CONSTRAINT_FOREIGNKEY: SQLite said no, not our code
        #expect(try database.reader.read { db in try Player.fetchCount(db) } == 3)
    }

    @Test func movingAPlayerToATeamThatDoesNotExistIsRefusedBySQLite() throws {
        let database = try seeded()
        let report = try #require(throws: CourseError.self) { _ = try database.movePlayer(id: 1, toTeam: 42) }.report
        #expect(report.extendedResultCode == 787)
        #expect(try database.reader.read { db in try Player.fetchOne(db, id: 1) }?.teamID == 1)
    }

    @Test func deletingATeamThatHasPlayersIsRefusedAndNamesThem() throws {
        let database = try seeded()
        let error = try #require(throws: CourseError.self) { _ = try database.deleteTeam(id: 1) }
        #expect(error.kind == .input)
        let report = error.report
        #expect(report.what.contains("its players (#1 Blob) would point to nothing"))
        #expect(report.extendedResultCode == 787)
        #expect(try database.reader.read { db in try findTeam(db, id: 1) }?.name == "Lions")
    }

    @Test func aTeamWithoutPlayersCanBeDeleted() throws {
        let database = try seeded()
        try database.deletePlayer(id: 1)
        #expect(try database.deleteTeam(id: 1).name == "Lions")
        #expect(try database.reader.read { db in try allTeams(db).map(\.name) } == ["Tigers", "Bears"])
    }

    @Test func onDeleteSetNullKeepsThePlayersWithoutATeam() throws {
        let left = try deleteLions(onDelete: .setNull, trace: false, narrator: RecordedLines().narrator)
        #expect(left.map(\.name) == ["Blob", "Blob Jr", "Blob Sr"])
        #expect(left.map(\.teamID) == [nil, nil, 2])
    }

    @Test func onDeleteCascadeDeletesThePlayersToo() throws {
        let left = try deleteLions(onDelete: .cascade, trace: false, narrator: RecordedLines().narrator)
        #expect(left.map(\.name) == ["Blob Sr"])
    }

    @Test func withoutOnDeleteTheDeleteIsRefused() throws {
        let error = try #require(throws: DatabaseError.self) {
            try deleteLions(onDelete: nil, trace: false, narrator: RecordedLines().narrator)
        }
        #expect(error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY)
    }

    @Test func withForeignKeysOffADanglingRowGetsInAndTheCheckFindsIt() throws {
        let directory = try TemporaryDirectory.current
        let location = DatabaseLocation.file(directory.file("app.sqlite"))
        let database = try AppDatabase.open(location, demoData: true)
        #expect(try database.reader.read(foreignKeyProblems).isEmpty)

        let unchecked = try AppDatabase.open(location, foreignKeys: false)
        #expect(try unchecked.reader.read { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") } == false)
        let ghost = try unchecked.addPlayer(Player(name: "Ghost", createdAt: demoDate, teamID: 42)).player

        let problems = try database.reader.read(foreignKeyProblems)
        #expect(problems.count == 1)
        #expect(problems.first?.originTable == "players")
        #expect(problems.first?.originRowID == ghost.id)
        #expect(problems.first?.destinationTable == "teams")
        // The check reads what is stored: the connection that let Ghost in finds him too.
        #expect(try unchecked.reader.read(foreignKeyProblems).map(\.originRowID) == [ghost.id])
    }
}

/// The tour's sentences come from the database: break the lesson, and they change.
@Suite struct TourClaimTests {
    func foreignKeySection(foreignKeys: Bool) throws -> [String] {
        let recording = RecordedLines()
        try foreignKeysRefuse(recording.narrator, seeded(foreignKeys: foreignKeys))
        return recording.all
    }

    func seeded(foreignKeys: Bool) throws -> AppDatabase {
        let database = try AppDatabase.open(.inMemory, demoData: true, foreignKeys: foreignKeys)
        _ = try database.addPlayer(Player(name: "Blob Esq", createdAt: demoDate))  // as the tour did before
        return database
    }

    @Test func withForeignKeysOnBothStatementsAreRefusedAndNothingChanges() throws {
        let said = try foreignKeySection(foreignKeys: true)
        #expect(!said.contains { $0.contains("unexpected") })
        #expect(said.last == "   → still 3 teams and 4 players: a refused statement changes nothing")
    }

    @Test func withForeignKeysOffTheTourSaysTheDataChanged() throws {
        let said = try foreignKeySection(foreignKeys: false)
        #expect(said.contains("   → unexpected: the insert worked"))
        #expect(said.contains("   → unexpected: the delete worked"))
        #expect(
            said.last == "   → 2 teams and 5 players, 3 and 4 before: a statement that was not refused changed the data"
        )
    }

    @Test func onDeleteSaysWhatHappenedToTheLionsPlayers() throws {
        let recording = RecordedLines()
        try onDelete(recording.narrator, trace: false)
        #expect(recording.all.contains("   → kept: Blob (teamID NULL), Blob Jr (teamID NULL)"))
        #expect(recording.all.contains("   → Blob and Blob Jr are gone with their team"))
    }
}
