import CourseCore
import CourseTestSupport
import Foundation
import GRDB
import Testing

@testable import step2

private let writers = 8
private let insertsPerWriter = 500
private struct Stop: Error {}

/// The hand-written wrapper around one C-API connection.
@Suite(.temporaryDirectory) struct SerialDatabaseTests {
    func makeDatabase(_ path: String = ":memory:") throws -> SerialDatabase {
        let database = SerialDatabase(try RawConnection(path: path))
        try database.write { db in try db.execute("CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL)") }
        return database
    }

    func count(_ database: SerialDatabase) throws -> SQLiteValue {
        try database.read { db in try db.query("SELECT count(*) FROM players")[0][0] }
    }

    @Test func concurrentWritersAreSerialized() throws {
        let database = try makeDatabase()
        // Real threads at once (a task group may run its tasks one after another on a busy machine).
        var inserts = ConcurrentInserts(writers: writers, insertsPerWriter: insertsPerWriter)
        inserts.run { writer, index in
            try database.write { db in
                try db.run("INSERT INTO players (name) VALUES (?)", [.text("\(writer)-\(index)")])
            }
        }
        #expect(inserts.failedWrites == 0)
        #expect(try count(database) == .integer(Int64(writers * insertsPerWriter)))
        let distinct = try database.read { db in try db.query("SELECT count(DISTINCT name) FROM players")[0][0] }
        #expect(distinct == .integer(Int64(writers * insertsPerWriter)))
    }

    @Test func aThrowingWriteLeavesNoRow() throws {
        let directory = try TemporaryDirectory.current
        let database = try makeDatabase(directory.file("raw.sqlite"))
        #expect(throws: Stop.self) {
            try database.write { db in
                try db.run("INSERT INTO players (name) VALUES ('Ghost')")
                throw Stop()
            }
        }
        #expect(try count(database) == .integer(0))
        // The connection is usable afterwards: the transaction really ended.
        try database.write { db in try db.run("INSERT INTO players (name) VALUES ('Kept')") }
        #expect(try count(database) == .integer(1))
    }

    @Test func readsCannotWrite() throws {
        let database = try makeDatabase()
        let error = try #require(throws: SQLiteError.self) {
            try database.read { db in try db.run("INSERT INTO players (name) VALUES ('Sneaky')") }
        }
        #expect(error.resultCode == 8)  // SQLITE_READONLY
        #expect(try count(database) == .integer(0))
        try database.write { db in try db.run("INSERT INTO players (name) VALUES ('Allowed')") }
        #expect(try count(database) == .integer(1))
    }
}

/// `RawConnection.query`: every storage class comes back as it was stored.
@Suite struct RawConnectionTests {
    @Test func everyStorageClassRoundTripsWhole() throws {
        let db = try RawConnection(path: ":memory:")
        try db.execute("CREATE TABLE storage (value)")  // no declared type: each value is kept as bound
        let bytes = Data([0x42, 0x00, 0x6C, 0x6F, 0x62])  // "B", a zero byte, "lob"
        let values: [SQLiteValue] = [.null, .integer(42), .real(0.5), .text("Blob"), .blob(bytes), .blob(Data())]
        for value in values { try db.run("INSERT INTO storage (value) VALUES (?)", [value]) }
        let rows = try db.query("SELECT value, typeof(value), length(value) FROM storage ORDER BY rowid")
        #expect(rows.map { $0[0] } == values)  // the blob whole, past its zero byte; the empty one not NULL
        #expect(rows.map { $0[1] } == ["null", "integer", "real", "text", "blob", "blob"].map(SQLiteValue.text))
        #expect(rows[4][2] == .integer(5))  // SQLite stored all five bytes
        #expect(SQLiteValue.blob(bytes).description == "X'42006C6F62'")
        // Text goes both ways by its length too: a zero byte inside it does not end it.
        #expect(try db.query("SELECT CAST(X'410042' AS TEXT)")[0][0] == .text("A\u{0}B"))
        #expect(
            try db.query("SELECT ?, length(CAST(? AS BLOB))", [.text("A\u{0}B"), .text("A\u{0}B")])[0] == [
                .text("A\u{0}B"), .integer(3),
            ])
    }
}

/// GRDB's DatabaseQueue with step 2's record and migrations.
@Suite(.temporaryDirectory) struct DatabaseQueueTests {
    func makeQueue() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        _ = try migrate(queue, with: migrator)
        return queue
    }

    @Test func concurrentWritersAreSerialized() async throws {
        let queue = try makeQueue()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    for index in 0..<insertsPerWriter {
                        try await queue.write { db in
                            var player = Player(name: "\(writer)-\(index)", createdAt: Date())
                            try player.insert(db)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let ids = try await queue.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM players ORDER BY id") }
        #expect(ids == Array(1...Int64(writers * insertsPerWriter)))
    }

    @Test func aThrowingWriteLeavesNoRow() throws {
        let queue = try makeQueue()
        #expect(throws: Stop.self) {
            try queue.write { db in
                var ghost = Player(name: "Ghost", createdAt: Date())
                try ghost.insert(db)
                #expect(ghost.id == 1)  // didInsert ran
                throw Stop()
            }
        }
        #expect(try queue.read { db in try Player.fetchCount(db) } == 0)
    }

    @Test func migrationsRunOnceAndAreRecorded() throws {
        let directory = try TemporaryDirectory.current
        let queue = try DatabaseQueue(path: directory.file("players.sqlite"))
        #expect(try migrate(queue, with: migrator) == ["Create 'players' table", "Add 'isInjured' to 'players'"])
        #expect(try migrate(queue, with: migrator) == [])
        let recorded = try queue.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
        #expect(Set(recorded) == ["Create 'players' table", "Add 'isInjured' to 'players'"])
        let columns = try queue.read { db in try db.columns(in: "players").map(\.name) }
        #expect(columns == ["id", "name", "createdAt", "isInjured"])
        // isInjured defaults to false for rows inserted without it
        try queue.write { db in try db.execute(sql: "INSERT INTO players (name) VALUES ('Raw')") }
        let raw = try queue.read { db in try Player.fetchOne(db) }
        #expect(raw?.isInjured == false)
    }

    @Test func aDateIsStoredAsUTCTextAndABoolAsAnInteger() throws {
        let queue = try makeQueue()
        var player = Player(name: "Blob", createdAt: tourDate, isInjured: true)  // 2024-11-18 09:00:00 UTC
        try queue.write { db in try player.insert(db) }
        let row = try #require(
            try queue.read { db in
                try Row.fetchOne(
                    db, sql: "SELECT createdAt, typeof(createdAt), isInjured, typeof(isInjured) FROM players")
            })
        #expect(row[0] as String == "2024-11-18 09:00:00.000")
        #expect(row[1] as String == "text")
        #expect(row[2] as Int64 == 1)
        #expect(row[3] as String == "integer")
    }

    @Test func recordsRoundTrip() throws {
        let queue = try makeQueue()
        let day = Date(timeIntervalSince1970: 1_731_920_400)
        var player = Player(name: "Blob Sr", createdAt: day, isInjured: true)
        try queue.write { db in try player.insert(db) }
        let fetched = try queue.read { db in try Player.fetchOne(db, key: player.id) }
        #expect(fetched == player)
    }
}

/// The tour's sentences come from the database: break the lesson, and they change.
@Suite struct TourClaimTests {
    @Test func aSerialQueueLosesNothingAndTheTourSaysSo() throws {
        let database = SerialDatabase(try RawConnection(path: ":memory:"))
        try database.write { db in try db.execute("CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL)") }
        let recording = RecordedLines()
        try step2.concurrentWrites(recording.narrator, database, writers: writers, insertsPerWriter: 2000)
        #expect(recording.all.last == "   → 16000 rows: none lost, none doubled, no write failed (8 × 2000 = 16000)")
    }

    /// What the section says for `order`, from a fresh in-memory database.
    func interleavedWrites(order: String) throws -> [String] {
        let recording = RecordedLines()
        try step2.interleavedWrites(recording.narrator, order: order, trace: false)
        return recording.all
    }

    // No threads, no luck: the order is fixed, so the damage is the same on every run.
    @Test func writesInterleavedOnOneConnectionBreakTheLessonAndTheTourSaysWhatHappened() throws {
        let said = try interleavedWrites(order: interleavedOrder)
        #expect(
            said == [
                "1. Without the queue: writers A and B send their statements to one connection in the order AABBBABBB",
                "   who  statement        SQLite answered                                  then              rows the connection sees",
                "   ---  ---------------  -----------------------------------------------  ----------------  ------------------------",
                "   A    BEGIN IMMEDIATE  ok                                               in a transaction  none",
                "   A    INSERT 'A #1'    ok                                               in a transaction  A #1",
                "   B    BEGIN IMMEDIATE  cannot start a transaction within a transaction  in a transaction  A #1",
                "   B    ROLLBACK         ok                                               autocommit        none",
                "   B    BEGIN IMMEDIATE  ok                                               in a transaction  none",
                "   A    COMMIT           ok                                               autocommit        none",
                "   B    INSERT 'B #2'    ok                                               autocommit        B #2",
                "   B    COMMIT           cannot commit - no transaction is active         autocommit        B #2",
                "   B    ROLLBACK         cannot rollback - no transaction is active       autocommit        B #2",
                "   write  its writer was told  in the table",
                "   -----  -------------------  ------------",
                "   A #1   saved                no",
                "   B #1   failed               no",
                "   B #2   failed               yes",
                "   → 3 writes: 1 told saved but not in the table, 1 told failed but in the table, 0 never finished",
                "   · one connection has one transaction: a BEGIN, COMMIT or ROLLBACK acts on it, whoever sends it",
            ])
    }

    @Test func theQueuesOrderKeepsEveryWriteTogetherAndTheTourSaysSo() throws {
        let said = try interleavedWrites(order: "AAABBBBBB")
        #expect(said.last == "   → 3 writes, each told the truth: 3 saved and in the table, 0 failed and not in it")
        #expect(!said.contains { $0.contains("one connection has one transaction") })
    }

    @Test func anOrderCutShortLeavesAWriteUnfinishedAndAnOrderTooLongIsRefused() throws {
        let said = try interleavedWrites(order: "AAAB")
        #expect(
            said.last
                == "   → 3 writes: 0 told saved but not in the table, 0 told failed but in the table, 2 never finished")
        #expect(throws: CourseError.self) { try interleavedWrites(order: "AAAA") }
    }

    @Test func theSummaryReportsEachKindOfDamage() {
        var inserts = ConcurrentInserts(writers: 2, insertsPerWriter: 3)
        (inserts.rows, inserts.distinctNames, inserts.failedWrites) = (7, 5, 1)
        #expect(inserts.summary == "7 rows for 2 × 3 = 6 inserts: 1 lost, 2 doubled, 1 writes failed")
    }
}

/// The built `step2`, run as a learner runs it.
@Suite(.temporaryDirectory) struct Step2EndToEndTests {
    @Test func tourMatchesGoldenOutput() throws {
        try Golden.checkTour("step2")
    }

    @Test func traceShowsTheSQLGRDBRuns() throws {
        let directory = try TemporaryDirectory.current
        let tour = try StepProcess.run("step2", ["--trace"], in: directory)
        #expect(
            tour.stdout.contains(
                #"   SQL> INSERT INTO "players" ("id", "name", "createdAt", "isInjured") VALUES (NULL,'Blob','2024-11-18 09:00:00.000',0)"#
            ))
        let add = try StepProcess.run("step2", ["add", "Blob", "--in-memory", "--trace"], in: directory)
        #expect(add.stdout.contains("SQL> CREATE TABLE \"players\""))
        let quiet = try StepProcess.run("step2", ["add", "Blob", "--in-memory"], in: directory)
        #expect(!quiet.stdout.contains("SQL>"))
    }

    @Test func addInjureList() throws {
        let directory = try TemporaryDirectory.current
        #expect(try StepProcess.run("step2", ["add", "Blob"], in: directory).stdout == "Added player #1: Blob\n")
        let injured = try StepProcess.run("step2", ["injure", "1"], in: directory)
        #expect(injured.status == 0)
        #expect(injured.stdout == "Player #1 Blob is injured.\n")
        let listed = try StepProcess.run("step2", ["list"], in: directory)
        #expect(listed.stdout.split(separator: "\n").last?.hasSuffix("yes") == true)
    }

    @Test func badInputChangesNothing() throws {
        let directory = try TemporaryDirectory.current
        try StepProcess.run("step2", ["add", "Blob"], in: directory)
        let path = directory.file("db/step2.sqlite")
        let before = try databaseSnapshot(path)

        let unknown = try StepProcess.run("step2", ["injure", "42"], in: directory)
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no player with id 42"))

        let empty = try StepProcess.run("step2", ["add", ""], in: directory)
        #expect(empty.status == 64)
        #expect(empty.stderr.contains("The name must not be empty."))

        let notANumber = try StepProcess.run("step2", ["injure", "one"], in: directory)
        #expect(notANumber.status == 64)

        #expect(try databaseSnapshot(path) == before)
    }

    @Test func unreadableDatabaseFailsClearly() throws {
        try expectUnusablePathsFail("step2", reading: ["list"], writing: ["add", "Blob"], in: .current)
    }
}
