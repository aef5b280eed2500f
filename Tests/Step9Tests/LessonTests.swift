import CourseCore
import CourseTestSupport
import Foundation
import GRDB
import Testing

@testable import step9

/// Each section of the tour, given what it demonstrates and then something
/// else on purpose: the words must follow what SQLite did.
@Suite(.temporaryDirectory) struct LessonTests {
    /// Runs `lesson` on connections A and B to a new file holding 3 entries, `file` in the test's
    /// folder; returns what was said.
    func withTwoConnections(
        file: String = UUID().uuidString + ".sqlite", _ lesson: (Narrator, Connection, Connection) throws -> Void
    ) throws -> [String] {
        let lines = RecordedLines()
        let path = try TemporaryDirectory.current.file(file)
        try twoConnections(lines.narrator, path: path, trace: false) { a, b in try lesson(lines.narrator, a, b) }
        return lines.all
    }

    @Test func aReaderMakesTheCommitFailInTheRollbackJournalNotInWAL() throws {
        var committed: [String: Bool] = [:]
        let rollback = try withTwoConnections { say, a, b in
            committed["delete"] = try commitWhileReading(say, reader: a, writer: b, journalMode: "delete")
        }
        #expect(committed["delete"] == false)
        #expect(rollback.contains("   ✗ B could not run COMMIT"))
        #expect(rollback.contains("     result code: 5 SQLITE_BUSY"))
        #expect(rollback.contains { $0.contains("B's busy handler ran 1 time and gave up") })

        let wal = try withTwoConnections(file: "lesson.sqlite") { say, a, b in
            committed["wal"] = try commitWhileReading(say, reader: a, writer: b, journalMode: "wal")
        }
        #expect(committed["wal"] == true)
        #expect(!wal.contains { $0.contains("✗") })
        #expect(wal.contains { $0.contains("B committed while A's read transaction was open") })
    }

    @Test func aBusyHandlerThatOutlastsTheReaderLetsTheCommitThrough() throws {
        let lines = try withTwoConnections { say, a, b in
            #expect(try !commitWhileReading(say, reader: a, writer: b, journalMode: "delete"))
            try waitForTheReader(say, reader: a, writer: b)
            #expect(try b.count() == 4)
        }
        #expect(
            lines.contains {
                $0.contains("B's busy handler ran 1 time; A's transaction is open: false; A now counts 4 entries")
            })
    }

    @Test func readThenWriteFailsAtOnceWhenDeferredAndWaitsWhenImmediate() throws {
        let deferred = try withTwoConnections { say, a, b in try readThenWrite(say, a, b, kind: .deferred) }
        #expect(deferred.contains { $0.contains("A's busy handler ran 0 times: SQLite refused to wait") })
        #expect(deferred.contains("     result code: 5 SQLITE_BUSY"))
        #expect(deferred.contains("   → 4 entries: 1 written in this section"))

        let immediate = try withTwoConnections { say, a, b in try readThenWrite(say, a, b, kind: .immediate) }
        #expect(!immediate.contains { $0.contains("✗") })
        #expect(immediate.contains { $0.contains("A's busy handler ran 1 time: A waited its turn") })
        #expect(immediate.contains("   → 5 entries: 2 written in this section"))
    }

    /// In WAL the read-then-write fails at once too, with SQLITE_BUSY (5), not 517: B has not committed
    /// yet; the words give WAL's reason, not the rollback journal's.
    @Test func inWALTheReadThenWriteFailsAtOnceForAnotherReason() throws {
        let deferred = try withTwoConnections(file: "wal.sqlite") { say, a, b in
            try a.run("PRAGMA journal_mode = wal")
            try readThenWrite(say, a, b, kind: .deferred)
        }
        #expect(deferred.contains("     result code: 5 SQLITE_BUSY"))
        #expect(
            deferred.contains {
                $0.contains("A's busy handler ran 0 times: SQLite refused to wait. A reads a snapshot")
            })
        #expect(!deferred.contains { $0.contains("deadlock") })
    }

    @Test func walKeepsTheReadersSnapshotAndTheRollbackJournalBlocksTheWriter() throws {
        let wal = try withTwoConnections(file: "lesson.sqlite") { say, a, b in
            try snapshotInWAL(say, reader: a, writer: b, journalMode: "wal")
            try checkpoint(say, a, path: try TemporaryDirectory.current.file("lesson.sqlite"))
        }
        #expect(wal.contains("   → inside its transaction, A still reads 3 entries; B reads 4"))
        #expect(wal.contains("     result code: 5 SQLITE_BUSY (extended 517 SQLITE_BUSY_SNAPSHOT)"))
        let checkpoints = wal.filter { $0.hasPrefix("   → busy ") }
        #expect(checkpoints.count == 2)
        #expect(checkpoints.first?.hasPrefix("   → busy 0, frames in the -wal file ") == true)
        let passive = try #require(
            checkpoints.first?.wholeMatch(
                of: #/ {3}→ busy 0, frames in the -wal file (\d+), copied to the database file (\d+)/#))
        #expect(passive.1 == passive.2 && passive.1 != "0")
        #expect(wal.last { $0.contains("-wal holds") }?.hasSuffix("-wal holds 0 bytes") == true)

        let rollback = try withTwoConnections { say, a, b in
            try snapshotInWAL(say, reader: a, writer: b, journalMode: "delete")
        }
        #expect(rollback.contains { $0.contains("B could not commit while A's read transaction was open") })
        #expect(rollback.contains("   → inside its transaction, A still reads 3 entries; B reads 3"))
    }

    @Test func aPoolReadsDuringAWriteAQueueDoesNot() throws {
        let directory = try TemporaryDirectory.current
        let pool = RecordedLines()
        try readDuringAWrite(pool.narrator, try DatabasePool(path: directory.file("pool.sqlite")).migrated())
        #expect(pool.all.contains("   → the read finished while the write was open; it saw 0 entries, the writer 1"))

        let queue = RecordedLines()
        try readDuringAWrite(
            queue.narrator, try DatabaseQueue(path: directory.file("queue.sqlite")).migrated(), waitLimit: 0.2)
        #expect(queue.all.contains("   → the read did not finish within 0.2 s while the write was open"))

        // GRDB sets synchronous = NORMAL on a pool's writer (setUpWALMode); a queue keeps SQLite's FULL.
        #expect(pool.all.contains("   → PRAGMA synchronous on its writer connection: 1 (NORMAL)"))
        #expect(queue.all.contains("   → PRAGMA synchronous on its writer connection: 2 (FULL)"))
    }

    /// A pool's writer ends up with synchronous = NORMAL even when prepareDatabase asks for FULL
    /// (GRDB's setUpWALMode runs after it); FULL holds when set once the pool is open.
    @Test func aPoolOverridesSynchronousFromPrepareDatabaseButNotAfterItOpens() throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        let pool = try DatabasePool(path: TemporaryDirectory.current.file("sync.sqlite"), configuration: configuration)
        let synchronous = { try pool.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") } }
        #expect(try synchronous() == 1)
        try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        #expect(try synchronous() == 2)
    }

    @Test func eachModeChangesOneThing() throws {
        let path = try TemporaryDirectory.current.file("mode.sqlite")
        let silent = Narrator(write: { _ in })
        _ = try AppDatabase.open(
            .file(path), configuration: WriteMode.shared.configuration(trace: false, narrator: silent))
        let shared = RecordedLines()
        try howAWriteBegins(shared.narrator, path: path, mode: .shared)
        #expect(shared.all.contains("   → SQL> BEGIN IMMEDIATE TRANSACTION"))
        #expect(shared.all.contains { $0.contains("SELECT MAX") })
        #expect(shared.all.contains { $0.contains("busyMode timeout(10.0)") })

        let noTimeout = RecordedLines()
        try howAWriteBegins(noTimeout.narrator, path: path, mode: .noTimeout)
        #expect(noTimeout.all.contains("   → SQL> BEGIN IMMEDIATE TRANSACTION"))
        #expect(noTimeout.all.contains { $0.contains("busyMode immediateError") })
        #expect(
            noTimeout.all.contains { $0.contains("with no busy timeout, another process's write makes this one fail") })

        let deferred = RecordedLines()
        try howAWriteBegins(deferred.narrator, path: path, mode: .deferred)
        #expect(deferred.all.contains("   → SQL> BEGIN DEFERRED TRANSACTION"))
        #expect(deferred.all.contains { $0.contains("busyMode timeout(10.0)") })
        #expect(deferred.all.contains { $0.contains("BEGIN DEFERRED reads first") })
    }

    /// Two accesses lose an update, staged in a fixed order; in one write { … } each, the second task,
    /// started between the first one's read and insert, waits, then reads what the first wrote.
    @Test func aReadModifyWriteInTwoAccessesLosesAnUpdateInOneWriteItDoesNot() throws {
        let path = try TemporaryDirectory.current.file("lost.sqlite")
        let silent = Narrator(write: { _ in })
        let database = try AppDatabase.open(
            .file(path), configuration: WriteMode.shared.configuration(trace: false, narrator: silent))
        try database.addEntry(worker: 0, number: 7)
        let lines = RecordedLines()
        try lostUpdate(lines.narrator, database)
        #expect(lines.all.contains("   → 2 entries numbered 8: two increments, and the numbers went up by one"))
        #expect(lines.all.contains("   → task 2 has not finished while task 1's transaction is open"))
        #expect(lines.all.contains("   → task 1 wrote number 9, then task 2 number 10"))
        #expect(try database.lastNumber(worker: 0) == 10)
    }

    /// A reader's open transaction keeps the -wal file growing; with none, the checkpoint lets it start over.
    @Test func aLongReaderMakesTheWALGrowAndJournalSizeLimitCutsItBack() throws {
        func sizes(holdReader: Bool) throws -> [Int] {
            let file = "grow-\(holdReader).sqlite"
            let path = try TemporaryDirectory.current.file(file)
            let lines = try withTwoConnections(file: file) { say, a, b in
                try a.run("PRAGMA journal_mode = wal")
                try aLongReader(say, reader: a, writer: b, path: path, holdReader: holdReader)
            }
            return lines.compactMap { line in
                line.firstMatch(of: /-wal holds (\d+) bytes/).flatMap { Int($0.1) }
            }
        }
        let held = try sizes(holdReader: true)
        #expect(held.count == 4)
        #expect(held[0] < held[1] && held[1] < held[2], "\(held)")
        #expect(held[3] < held[0], "\(held)")
        let free = try sizes(holdReader: false)
        #expect(free[0] == free[1] && free[1] == free[2], "\(free)")
    }

    @Test func anObservationInATaskSeesTheInsertAndEndsWhenCancelled() async throws {
        let path = try TemporaryDirectory.current.file("async.sqlite")
        let silent = Narrator(write: { _ in })
        let database = try AppDatabase.open(
            .file(path), configuration: WriteMode.shared.configuration(trace: false, narrator: silent))
        try database.addEntry(worker: 1, number: 1)
        let latest = try await database.latestEntries(3)
        #expect(latest.map(\.number) == [1])
        let lines = RecordedLines()
        try await Task.detached { try asyncAccess(lines.narrator, database) }.value
        #expect(lines.all.contains("   → the Task saw 1, 2, then ended (cancelled: true)"))
        #expect(try database.entryCount() == 2)
    }
}

extension DatabaseWriter {
    /// The writer, with step 9's table.
    func migrated() throws -> Self {
        try AppDatabase.migrator.migrate(self)
        return self
    }
}
