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
            #expect(players.map(\.createdAt) == input.map(\.createdAt))  // NULL stays nil; "" stays ""
            #expect(players.map(\.isInjured) == input.map(\.isInjured))
            #expect(try countRows(db, table: "players") == 3)  // the injection attempt was only a name
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

    /// An error while stepping (here SQLITE_INTERRUPT, from a progress handler that stops every
    /// statement) is reported with its code and SQL, never read as one more row.
    @Test func anErrorWhileSteppingIsReportedNotReadAsARow() throws {
        try withDatabase { db in
            try insertPlayers(db, [("Blob", nil, false)])
            sqlite3_progress_handler(db, 1, { _ in 1 }, nil)
            defer { sqlite3_progress_handler(db, 0, nil, nil) }
            let error = try #require(throws: SQLiteError.self) { try fetchPlayers(db) }
            #expect(error.resultCode == SQLITE_INTERRUPT)
            #expect(error.message == "interrupted")
            #expect(error.sql == "SELECT id, name, createdAt, isInjured FROM players ORDER BY id")
        }
    }

    @Test func aMisspelledTableFailsWhenPreparedBeforeAnythingRuns() throws {
        try withDatabase { db in
            var statement: OpaquePointer?
            let code = sqlite3_prepare_v2(db, #"SELECT count(*) FROM "player""#, -1, &statement, nil)
            #expect(code == SQLITE_ERROR)
            #expect(statement == nil)  // nothing to step: the statement was never made
            #expect(String(cString: sqlite3_errmsg(db)) == "no such table: player")
        }
    }

    @Test func notNullViolationCarriesTheExtendedCode() throws {
        try withDatabase { db in
            let error = try #require(throws: SQLiteError.self) {
                try execute(db, "INSERT INTO players (name) VALUES (NULL)")
            }
            #expect(error.resultCode == SQLITE_CONSTRAINT)
            #expect(error.extendedResultCode == 1299)  // SQLITE_CONSTRAINT_NOTNULL
            #expect(
                ErrorReport("insert", error: error).lines[1]
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

    /// Step 1's INSERT, prepared on a fresh database, for tests that bind by hand.
    func withInsertStatement(_ body: (OpaquePointer, OpaquePointer?) throws -> Void) throws {
        try withDatabase { db in
            var statement: OpaquePointer?
            try check(sqlite3_prepare_v2(db, insertPlayerSQL, -1, &statement, nil), db, sql: insertPlayerSQL)
            defer { sqlite3_finalize(statement) }
            try body(db, statement)
        }
    }

    /// What chapter 1's first "Try this" makes `insertPlayers` do: bind the name to placeholder 4.
    func bindNameToPlaceholder4() throws -> SQLiteError {
        var thrown: SQLiteError?
        try withInsertStatement { db, statement in
            let code = sqlite3_bind_text(statement, 4, "Blob", -1, SQLITE_TRANSIENT)
            do { try check(code, db, sql: insertPlayerSQL) } catch let error as SQLiteError { thrown = error }
        }
        return try #require(thrown)
    }

    @Test func aBindFailureIsReportedBeforeTheNextCallClearsIt() throws {
        // Placeholder 4 does not exist: checked at once, SQLite's own words survive.
        let error = try bindNameToPlaceholder4()
        #expect(error.resultCode == SQLITE_RANGE)
        #expect(error.extendedResultCode == SQLITE_RANGE)
        #expect(error.message == "column index out of range")
    }

    @Test func aReportMadeAfterTheErrorWasClearedStillNamesTheCode() throws {
        try withInsertStatement { db, statement in
            let failed = sqlite3_bind_text(statement, 4, "Blob", -1, SQLITE_TRANSIENT)
            #expect(sqlite3_bind_int64(statement, 3, 0) == SQLITE_OK)  // clears the connection's error
            #expect(String(cString: sqlite3_errmsg(db)) == "not an error")
            let error = SQLiteError(connection: db, resultCode: failed, sql: insertPlayerSQL)
            #expect(error.extendedResultCode == SQLITE_RANGE)
            #expect(error.message == "column index out of range")  // sqlite3_errstr(25)
        }
    }

    /// Chapter 1's first "Try this" shows what the learner then reads on
    /// standard error: it must be this report, word for word.
    @Test func chapterOnesFirstTryThisShowsTheRealReport() throws {
        let reported = try bindNameToPlaceholder4()
        // What `Tour` (attempt("run the tour")) and ArgumentParser ("Error: ") make of it.
        let stderr = "Error: " + CourseError(report: ErrorReport("could not run the tour", error: reported)).description
        let chapter = try String(
            contentsOf: workspaceRoot.appendingPathComponent("docs/01-raw-c-api.md"), encoding: .utf8)
        // The first ```text block after "## Try this", its list indentation removed.
        let tryThis = try #require(chapter.components(separatedBy: "## Try this").last).components(separatedBy: "\n")
        let start = try #require(tryThis.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "```text" })
        let shown = tryThis[(start + 1)...].prefix { $0.trimmingCharacters(in: .whitespaces) != "```" }
            .map { String($0.dropFirst(3)) }
        #expect(shown == stderr.components(separatedBy: "\n"))
    }

    @Test func openingInAMissingFolderFailsWithCantOpen() throws {
        let path = try TemporaryDirectory.current.file("no/such/folder/players.sqlite")
        let error = try #require(throws: SQLiteError.self) { try openDatabase(path) }
        #expect(error.resultCode == SQLITE_CANTOPEN)
    }
}

/// The tour's sentences come from the database: break the lesson, and they change.
@Suite(.temporaryDirectory) struct TourClaimTests {
    /// Runs `section` on a database holding the tour's four players; returns what it said.
    func narration(_ section: (Narrator, OpaquePointer) throws -> Void) throws -> [String] {
        let db = try openDatabase(TemporaryDirectory.current.file("tour.sqlite"))
        defer { sqlite3_close_v2(db) }
        try createPlayersTable(db)
        try insertPlayers(db, Step1.demoPlayers)
        let recording = RecordedLines()
        try section(recording.narrator, db)
        return recording.all
    }

    @Test func refusedStatementsChangeNothingAndTheTourSaysSo() throws {
        let said = try narration { say, db in try refusalSection(say, db, attempts: Refusal.tour) }
        #expect(said.last == "   → still 4 rows: a refused statement changes nothing")
    }

    @Test func aStatementThatIsNotRefusedChangesTheTourWords() throws {
        let accepted = Refusal(
            action: "Insert a player with a name", failingCall: "sqlite3_exec", lesson: "",
            run: { db in try execute(db, "INSERT INTO players (name) VALUES ('Sneaky')") })
        let said = try narration { say, db in try refusalSection(say, db, attempts: [accepted]) }
        #expect(said.contains("   → unexpected: it worked"))
        #expect(said.last == "   → 5 rows, 4 before: a statement that was not refused changed the table")
    }

    @Test func closingSaysWhetherAStatementWasLeftUnfinalized() throws {
        let path = try TemporaryDirectory.current.file("close.sqlite")
        let clean = RecordedLines()
        closeSection(clean.narrator, try openDatabase(path), path: path)
        #expect(
            clean.all.contains(
                "   → SQLITE_OK: no statement was left to finalize, so the connection is closed now; the file stays"))

        // A statement left prepared: close_v2 still answers SQLITE_OK, and the tour says what that means.
        let db = try openDatabase(path)
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(db, "SELECT 1", -1, &statement, nil), db, sql: "SELECT 1")
        let leaky = RecordedLines()
        closeSection(leaky.narrator, db, path: path)
        #expect(
            leaky.all.contains(
                "   → SQLITE_OK: a statement was never finalized: the connection lives on until it is; the file stays"))
        #expect(sqlite3_finalize(statement) == SQLITE_OK)  // the connection is freed here
    }

    @Test func insertCountsWhatItStored() throws {
        let said = try narration { say, db in try insertSection(say, db, players: [("Zoë", nil, true)]) }
        #expect(said.contains("   → 1 rows inserted; the last one got id 5"))
        #expect(said.contains("   · each name bound as a value is stored exactly as typed"))
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
        #expect(
            tour.stdout.contains("   SQL> INSERT INTO players (name, createdAt, isInjured) VALUES ('Blob Jr', NULL, 0)")
        )
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

    @Test func unreadablePathsFailWithSQLitesCode() throws {
        try expectUnusablePathsFail("step1", reading: ["list"], writing: ["add", "Blob"], in: .current)
    }
}
