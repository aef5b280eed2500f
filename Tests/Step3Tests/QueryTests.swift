import CourseCore
import GRDB
import IssueReporting
import Testing
@testable import step3

/// Queries through the query interface and through raw SQL, and what a broken query does.
@Suite struct QueryTests {
    @Test func fetchOneAndRawSQLAgree() throws {
        let database = try appDatabase(location: .inMemory, seed: true)
        for id: Int64 in [1, 2, 3, 42] {
            let (viaQueryInterface, viaSQL) = try database.read { db in
                (try findTeam(db, id: id), try teamWithSQL(db, id: id))
            }
            #expect(viaQueryInterface == viaSQL, "team \(id)")
        }
        #expect(try database.read { db in try findTeam(db, id: 2) }?.name == "Tigers")
        #expect(try database.read { db in try findTeam(db, id: 42) } == nil)
    }

    @Test func playerDetailsAgreeWhicheverWayTheyAreLoaded() throws {
        let database = try appDatabase(location: .inMemory, seed: true)
        let esq = try database.write { db in try Player(name: "Blob Esq", createdAt: demoDate).inserted(db) }
        let players = try database.read(allPlayers)
        #expect(players.map(\.name) == ["Blob", "Blob Jr", "Blob Sr", "Blob Esq"])
        for player in players {
            let id = try #require(player.id)
            let viaQueryInterface = try database.read { db in try playerDetail(db, id: id) }
            #expect(viaQueryInterface == loadDetail(of: player, from: database))
        }
        #expect(players.map { loadDetail(of: $0, from: database).teamName } == ["Lions", "Tigers", "Bears", "No team"])
        #expect(try database.read { db in try playerDetail(db, id: 99) } == nil)
        #expect(esq.id == 4)
    }

    /// Collects what `reportIssue` receives, instead of failing the test.
    final class Collector: IssueReporter, @unchecked Sendable {
        var errors: [any Error] = []
        func reportIssue(_ message: @autoclosure () -> String?, severity: IssueSeverity,
                         fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {}
        func reportIssue(_ error: any Error, _ message: @autoclosure () -> String?,
                         fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
            errors.append(error)
        }
    }

    @Test func aTypoInTheSQLIsReportedNotThrown() throws {
        let database = try appDatabase(location: .inMemory, seed: true)
        let blob = try #require(try database.read { db in try Player.fetchOne(db, id: 1) })
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
        let database = try appDatabase(location: .inMemory, seed: true)
        let blob = try #require(try database.read { db in try Player.fetchOne(db, id: 1) })
        // Without withKnownIssue, this test would fail: the point of reportIssue.
        withKnownIssue {
            _ = loadDetail(of: blob, from: database, sql: #"SELECT * FROM "team" WHERE "id" = ?"#)
        }
    }

    @Test func unsavedRecordsShareTheNilIdentity() throws {
        let first = Player(name: "Blob 1", createdAt: demoDate)
        let second = Player(name: "Blob 2", createdAt: demoDate)
        // Two different players, both without an id yet: grouped by id, they collapse into one.
        #expect(first.id == nil && second.id == nil)
        #expect(first.name != second.name)
        #expect(Dictionary(grouping: [first, second], by: \.id).count == 1)

        let database = try appDatabase(location: .inMemory)
        let saved = try database.write { db in [try first.inserted(db), try second.inserted(db)] }
        #expect(saved.map(\.id) == [1, 2])
        #expect(Dictionary(grouping: saved, by: \.id).count == 2)
    }
}
