import CourseCore
import CourseTestSupport
import GRDB
import IssueReporting
import Testing

@testable import step3

/// Queries through the query interface and through raw SQL, and what a broken query does.
@Suite struct QueryTests {
    @Test func fetchOneAndRawSQLAgree() throws {
        let database = try AppDatabase.open(.inMemory, demoData: true)
        for id: Int64 in [1, 2, 3, 42] {
            let (viaQueryInterface, viaSQL) = try database.reader.read { db in
                (try findTeam(db, id: id), try teamWithSQL(db, id: id))
            }
            #expect(viaQueryInterface == viaSQL, "team \(id)")
        }
        #expect(try database.reader.read { db in try findTeam(db, id: 2) }?.name == "Tigers")
        #expect(try database.reader.read { db in try findTeam(db, id: 42) } == nil)
    }

    @Test func playerDetailsAgreeWhicheverWayTheyAreLoaded() throws {
        let database = try AppDatabase.open(.inMemory, demoData: true)
        let esq = try database.addPlayer(Player(name: "Blob Esq", createdAt: demoDate)).player
        let players = try database.reader.read(allPlayers)
        #expect(players.map(\.name) == ["Blob", "Blob Jr", "Blob Sr", "Blob Esq"])
        for player in players {
            let id = try #require(player.id)
            let viaQueryInterface = try database.reader.read { db in try playerDetail(db, id: id) }
            #expect(viaQueryInterface == loadDetail(of: player, from: database))
        }
        #expect(players.map { loadDetail(of: $0, from: database).teamName } == ["Lions", "Tigers", "Bears", "No team"])
        #expect(try database.reader.read { db in try playerDetail(db, id: 99) } == nil)
        #expect(esq.id == 4)
    }

    /// Collects what `reportIssue` receives, instead of failing the test.
    final class Collector: IssueReporter, @unchecked Sendable {
        var errors: [any Error] = []
        func reportIssue(
            _ message: @autoclosure () -> String?, severity: IssueSeverity,
            fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
        ) {}
        func reportIssue(
            _ error: any Error, _ message: @autoclosure () -> String?,
            fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
        ) {
            errors.append(error)
        }
    }

    @Test func aTypoInTheSQLIsReportedNotThrown() throws {
        let database = try AppDatabase.open(.inMemory, demoData: true)
        let blob = try #require(try database.reader.read { db in try Player.fetchOne(db, id: 1) })
        let collector = Collector()
        let detail = withIssueReporters([collector]) {
            loadDetail(of: blob, from: database, sql: #"SELECT * FROM "team" WHERE "id" = ?"#)
        }
        #expect(detail.teamName == "No team")
        #expect(collector.errors.count == 1)
        let error = try #require(collector.errors.first as? DatabaseError)
        #expect(error.resultCode == .SQLITE_ERROR)
        #expect(error.message == "no such table: team")
    }

    @Test func inATestTheDefaultReporterRecordsAFailure() throws {
        let database = try AppDatabase.open(.inMemory, demoData: true)
        let blob = try #require(try database.reader.read { db in try Player.fetchOne(db, id: 1) })
        // Without withKnownIssue, this test would fail: the point of reportIssue.
        withKnownIssue {
            _ = loadDetail(of: blob, from: database, sql: #"SELECT * FROM "team" WHERE "id" = ?"#)
        }
    }

    /// Chapter 3 quotes the line the default reporter prints on standard error,
    /// with the file and line of the `reportIssue` call: keep that line true.
    @Test func chapterThreeQuotesTheReportIssueLine() throws {
        let source = try String(
            contentsOf: workspaceRoot.appendingPathComponent("Steps/step3/Queries.swift"), encoding: .utf8)
        let line =
            try #require(source.components(separatedBy: "\n").firstIndex { $0.contains("reportIssue(error") }) + 1
        let chapter = try String(
            contentsOf: workspaceRoot.appendingPathComponent("docs/03-players-and-teams.md"), encoding: .utf8)
        #expect(chapter.contains("step3/Queries.swift:\(line): Caught error: SQLite error 1: no such table: team"))
    }

    /// The tour's identity section says what it counted: unsaved players
    /// share the id nil (one group), saved ones get ids of their own.
    @Test func theTourCountsTheGroups() throws {
        let recording = RecordedLines()
        try identifiable(recording.narrator, trace: false)
        #expect(recording.all.contains("   → first.id == second.id: true; 1 group for 2 players"))
        #expect(recording.all.contains("   → ids 1, 2: 2 groups"))
    }

    @Test func unsavedRecordsShareTheNilIdentity() throws {
        let first = Player(name: "Blob 1", createdAt: demoDate)
        let second = Player(name: "Blob 2", createdAt: demoDate)
        // Two different players, both without an id yet: grouped by id, they collapse into one.
        #expect(first.id == nil && second.id == nil)
        #expect(first.name != second.name)
        #expect(Dictionary(grouping: [first, second], by: \.id).count == 1)

        let database = try AppDatabase.open(.inMemory)
        let saved = try [first, second].map { try database.addPlayer($0).player }
        #expect(saved.map(\.id) == [1, 2])
        #expect(Dictionary(grouping: saved, by: \.id).count == 2)
    }
}
