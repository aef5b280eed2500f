import CSQLite
import CourseCore
import CourseTestSupport
import Foundation
import Testing
@testable import step1

/// Step 1's C-API functions, on real database files.
@Suite(.temporaryDirectory) struct RawAPITests {
    func withDatabase(_ body: (OpaquePointer) throws -> Void) throws {
        let db = try openDatabase(try TemporaryDirectory.current.file("players.sqlite"))
        defer { sqlite3_close_v2(db) }
        try createPlayersTable(db)
        try body(db)
    }

    @Test func textIntegerAndNullRoundTrip() throws {
        try withDatabase { db in
            let input: [(name: String, createdAt: String?, isInjured: Bool)] = [
                ("Blob", "2024-11-18 09:00:00", false),
                ("Zoë \"the Blob\" O'Neil 🏈", nil, true),
                ("Bobby'); DROP TABLE players;--", "", false),
            ]
            try insertPlayers(db, input)
            let players = try fetchPlayers(db)
            #expect(players.map(\.id) == [1, 2, 3])
            #expect(players.map(\.name) == input.map(\.name))
            #expect(players.map(\.createdAt) == input.map(\.createdAt)) // NULL stays nil; "" stays ""
            #expect(players.map(\.isInjured) == input.map(\.isInjured))
            #expect(try countRows(db, table: "players") == 3) // the injection attempt was only a name
        }
    }

    @Test func misspelledTableReportsCodeMessageAndSQL() throws {
        try withDatabase { db in
            let error = try #require(throws: SQLiteError.self) { try countRows(db, table: "player") }
            #expect(error.resultCode == SQLITE_ERROR)
            #expect(error.message == "no such table: player")
            #expect(error.sql == #"SELECT count(*) FROM "player""#)
        }
    }

    @Test func notNullViolationCarriesTheExtendedCode() throws {
        try withDatabase { db in
            let error = try #require(throws: SQLiteError.self) {
                try execute(db, "INSERT INTO players (name) VALUES (NULL)")
            }
            #expect(error.resultCode == SQLITE_CONSTRAINT)
            #expect(error.extendedResultCode == 1299) // SQLITE_CONSTRAINT_NOTNULL
            #expect(ErrorReport("insert", error: error).lines[1]
                == "result code: 19 SQLITE_CONSTRAINT (extended 1299 SQLITE_CONSTRAINT_NOTNULL)")
            #expect(try countRows(db, table: "players") == 0)
        }
    }

    @Test func aThrowingTransactionLeavesNoRow() throws {
        struct Stop: Error {}
        try withDatabase { db in
            // (A plain do/catch: Swift 6.3 crashes compiling this inside #expect(throws:).)
            var thrown: (any Error)?
            do {
                try inTransaction(db) {
                    try insertPlayers(db, [("Ghost", nil, false)])
                    throw Stop()
                }
            } catch {
                thrown = error
            }
            #expect(thrown is Stop)
            #expect(try fetchPlayers(db).isEmpty)
            try inTransaction(db) { try insertPlayers(db, [("Kept", nil, false)]) }
            #expect(try fetchPlayers(db).map(\.name) == ["Kept"])
        }
    }

    @Test func openingInAMissingFolderFailsWithCantOpen() throws {
        let path = try TemporaryDirectory.current.file("no/such/folder/players.sqlite")
        let error = try #require(throws: SQLiteError.self) { try openDatabase(path) }
        #expect(error.resultCode == SQLITE_CANTOPEN)
    }
}

/// The built `step1`, run as a learner runs it.
@Suite(.temporaryDirectory) struct Step1EndToEndTests {
    @Test func tourMatchesGoldenOutput() throws {
        try Golden.checkTour("step1")
    }

    @Test func traceShowsEachStatementWithItsValues() throws {
        let directory = try TemporaryDirectory.current
        let tour = try StepProcess.run("step1", ["--trace"], in: directory)
        #expect(tour.stdout.contains("   SQL> INSERT INTO players (name, createdAt, isInjured) VALUES ('Blob Jr', NULL, 0)"))
        let list = try StepProcess.run("step1", ["list", "--trace"], in: directory)
        #expect(list.stdout.hasPrefix("   SQL> CREATE TABLE IF NOT EXISTS players"))
    }

    @Test func addThenList() throws {
        let directory = try TemporaryDirectory.current
        let added = try StepProcess.run("step1", ["add", "Blob Jr", "--injured"], in: directory)
        #expect(added.status == 0)
        #expect(added.stdout == "Added player #1: Blob Jr (injured)\n")
        let listed = try StepProcess.run("step1", ["list"], in: directory)
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("1   Blob Jr  NULL       1"))
        // The default database is db/step1.sqlite in the current workspace.
        #expect(try rowCount(directory.file("db/step1.sqlite"), "players") == 1)
    }

    @Test func emptyNameIsRefusedAndNothingIsWritten() throws {
        let directory = try TemporaryDirectory.current
        try StepProcess.run("step1", ["add", "Blob"], in: directory)
        let before = try databaseSnapshot(directory.file("db/step1.sqlite"))
        let result = try StepProcess.run("step1", ["add", "  "], in: directory)
        #expect(result.status == 64) // usage error
        #expect(result.stderr.contains("The name must not be empty."))
        #expect(try databaseSnapshot(directory.file("db/step1.sqlite")) == before)
    }

    @Test func unreadablePathsFailWithSQLitesCode() throws {
        try expectUnusablePathsFail("step1", reading: ["list"], writing: ["add", "Blob"], in: .current)
    }
}
