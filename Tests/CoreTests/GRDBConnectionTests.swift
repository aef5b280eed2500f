import CourseTestSupport
import Foundation
import GRDB
import Testing

/// What GRDB's connections do, made to happen on real databases: how it sets each connection up, what a
/// read and a write are, what a pool changes in its file, what its hooks see (docs/evidence, chapters 2
/// to 7).
@Suite struct GRDBConnectionTests {
    /// Chapter 3: GRDB runs `PRAGMA foreign_keys = ON` on every connection it opens, a pool's readers
    /// included, unless its configuration says otherwise (then SQLite's default, off, stays).
    @Test func foreignKeysAreOnInEveryConnectionUnlessTheConfigurationSaysOtherwise() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let pool = try DatabasePool(path: directory.file("players.sqlite"))
        #expect(try pool.write { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") } == true)
        #expect(try pool.read { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") } == true)
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let off = try DatabaseQueue(configuration: configuration)
        #expect(try off.read { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") } == false)
    }

    /// Chapter 2: a `read` runs with `PRAGMA query_only`, so SQLite refuses a change with SQLITE_READONLY;
    /// a `write` may change the database.
    @Test func aReadRunsWithQueryOnlyAndRefusesWrites() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in try db.execute(sql: "CREATE TABLE team (name TEXT)") }
        let error = try #require(throws: DatabaseError.self) {
            try queue.read { db in
                #expect(try Bool.fetchOne(db, sql: "PRAGMA query_only") == true)
                try db.execute(sql: "INSERT INTO team VALUES ('Lions')")
            }
        }
        #expect(error.resultCode == .SQLITE_READONLY)
        #expect(try queue.write { db in try Bool.fetchOne(db, sql: "PRAGMA query_only") } == false)
    }

    /// Chapters 2 and 6: each `write` is a transaction of its own: the first commits, the second, which
    /// throws halfway, is rolled back whole.
    @Test func twoWritesAreTwoTransactions() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE team (name TEXT); CREATE TABLE player (name TEXT NOT NULL)")
        }
        try queue.write { db in try db.execute(sql: "INSERT INTO team VALUES ('Lions')") }
        #expect(throws: DatabaseError.self) {
            try queue.write { db in
                try db.execute(sql: "INSERT INTO player VALUES ('Blob')")
                try db.execute(sql: "INSERT INTO player VALUES (NULL)")
            }
        }
        let counts = try queue.read { db in
            try Int.fetchAll(db, sql: "SELECT count(*) FROM team UNION ALL SELECT count(*) FROM player")
        }
        #expect(counts == [1, 0])
    }

    /// Chapters 2 and 6: `lastInsertedRowID` is the new row's id; `changesCount` counts the rows of the
    /// most recent INSERT, UPDATE or DELETE (a SELECT since leaves it); `totalChangesCount` counts every
    /// row written on the connection.
    @Test func theChangeCountsAndTheLastInsertedRowID() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT)")
            try db.execute(sql: "INSERT INTO item (name) VALUES ('a'), ('b'), ('c')")
            #expect(db.lastInsertedRowID == 3 && db.changesCount == 3)
            try db.execute(sql: "UPDATE item SET name = upper(name) WHERE id <= 2")
            _ = try Int.fetchAll(db, sql: "SELECT id FROM item")
            #expect(db.changesCount == 2)
            #expect(db.totalChangesCount == 5)
        }
    }

    /// Chapter 9: GRDB's `read` begins DEFERRED and its `write` IMMEDIATE; with GRDB's default busy mode
    /// (`.immediateError`), or a timeout under a millisecond (GRDB gives SQLite 0 ms, which turns the busy
    /// handler off), a write that meets another connection's write lock fails with SQLITE_BUSY.
    @Test func writesBeginImmediateAndWithoutABusyTimeoutALockedWriteFails() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("entries.sqlite")
        let log = StatementLog()
        let holder = try DatabaseQueue(path: path, configuration: log.configuration)
        try holder.write { db in try db.execute(sql: "CREATE TABLE entry (n INTEGER)") }
        _ = log.take()
        try holder.read { db in _ = try Int.fetchAll(db, sql: "SELECT n FROM entry") }
        try holder.write { db in try db.execute(sql: "INSERT INTO entry VALUES (1)") }
        #expect(
            log.take().filter { $0.hasPrefix("BEGIN") } == [
                "BEGIN DEFERRED TRANSACTION", "BEGIN IMMEDIATE TRANSACTION",
            ])

        var underAMillisecond = Configuration()
        underAMillisecond.busyMode = .timeout(0.0004)
        try holder.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            for configuration in [Configuration(), underAMillisecond] {
                let other = try DatabaseQueue(path: path, configuration: configuration)
                let error = try #require(throws: DatabaseError.self) {
                    try other.write { db in try db.execute(sql: "INSERT INTO entry VALUES (2)") }
                }
                #expect(error.resultCode == .SQLITE_BUSY)
            }
            try db.execute(sql: "COMMIT")
        }
    }

    /// Chapter 4: a `DatabasePool` puts its file in WAL mode (the header's bytes 18 and 19 become 2), runs
    /// `prepareDatabase` for each connection it opens (the writer, then a reader), and a read in the pool
    /// does not wait for a write: it reads the last commit while the writer's transaction is open.
    @Test func aPoolPutsItsFileInWALModePreparesEveryConnectionAndReadsDuringAWrite() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("items.sqlite")
        let prepared = LockedCount()
        var configuration = Configuration()
        configuration.prepareDatabase { _ in prepared.add() }
        let pool = try DatabasePool(path: path, configuration: configuration)
        let seenDuringTheWrite = try pool.writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE item (name TEXT); INSERT INTO item VALUES ('Apple')")
            try db.execute(sql: "BEGIN IMMEDIATE; INSERT INTO item VALUES ('Banana')")
            let seen = try pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM item") }
            try db.execute(sql: "COMMIT")
            return seen
        }
        #expect(seenDuringTheWrite == 1)
        #expect(try pool.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
        #expect(prepared.value == 2)
        let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(20)
        #expect(header[18] == 2 && header[19] == 2)
    }

    /// Chapter 12: a queue opened with `journalMode = .wal` gets what a pool gets: WAL, synchronous NORMAL
    /// (1); a queue left as it is keeps SQLite's defaults, the DELETE journal and FULL (2).
    @Test func aQueueInWALModeSyncsAsAPoolDoes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var wal = Configuration()
        wal.journalMode = .wal
        func modes(_ queue: DatabaseQueue) throws -> [String] {
            try queue.write { db in
                [
                    try String.fetchOne(db, sql: "PRAGMA journal_mode"),
                    try String.fetchOne(db, sql: "PRAGMA synchronous"),
                ]
                .map { $0 ?? "" }
            }
        }
        #expect(try modes(DatabaseQueue(path: directory.file("wal.sqlite"), configuration: wal)) == ["wal", "1"])
        #expect(try modes(DatabaseQueue(path: directory.file("plain.sqlite"))) == ["delete", "2"])
    }

    /// Chapters 4, 6 and 7: GRDB adds its Swift collations and functions to every connection, on Linux too:
    /// `swiftLocalizedCaseInsensitiveCompare` sorts "apple" before "Banana" (SQLite's BINARY does not), and
    /// `swiftLowercaseString` lowercases beyond ASCII (SQLite's `lower` does not).
    @Test func grdbAddsItsSwiftCollationsAndFunctionsToEveryConnection() throws {
        let queue = try DatabaseQueue()
        try queue.read { db throws in
            #expect(
                try Bool.fetchOne(db, sql: "SELECT 'apple' < 'Banana' COLLATE swiftLocalizedCaseInsensitiveCompare")
                    == true)
            #expect(try Bool.fetchOne(db, sql: "SELECT 'apple' < 'Banana'") == false)
            #expect(try String.fetchOne(db, sql: "SELECT swiftLowercaseString('ÉCOLE Øresund')") == "école øresund")
            #expect(try String.fetchOne(db, sql: "SELECT lower('ÉCOLE Øresund')") == "École Øresund")
        }
    }

    /// Where an observation's closures run: the fetch on GRDB's database queue, each value on the queue the
    /// observation was started with (a queue of the caller's, as step 4's live list gives it).
    final class Delivery: @unchecked Sendable {
        // @unchecked: `fetchedThere` and `deliveredThere` are guarded by `lock`; `arrived` is thread-safe.
        let key = DispatchSpecificKey<Bool>()
        let queue = DispatchQueue(label: "live list")
        let arrived = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var fetchedThere: [Bool] = []
        private var deliveredThere: [Bool] = []
        init() { queue.setSpecific(key: key, value: true) }
        var onTheQueue: Bool { DispatchQueue.getSpecific(key: key) == true }
        func fetched() { lock.withLock { fetchedThere.append(onTheQueue) } }
        func delivered() {
            lock.withLock { deliveredThere.append(onTheQueue) }
            arrived.signal()
        }
        var seen: (fetched: [Bool], delivered: [Bool]) { lock.withLock { (fetchedThere, deliveredThere) } }
    }

    /// Chapter 4: a `ValueObservation` fetches on GRDB's queue and delivers each value on the queue it was
    /// started with (`scheduling: .async(onQueue:)`), not on a queue of GRDB's own.
    @Test func anObservationDeliversOnTheQueueItIsStartedWith() throws {
        let database = try DatabaseQueue()
        try database.write { db in try db.execute(sql: "CREATE TABLE item (name TEXT)") }
        let delivery = Delivery()
        let observation = ValueObservation.tracking { db in
            delivery.fetched()
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM item") ?? 0
        }
        let cancellable = observation.start(
            in: database, scheduling: .async(onQueue: delivery.queue),
            onError: { _ in delivery.arrived.signal() }, onChange: { _ in delivery.delivered() })
        defer { cancellable.cancel() }
        #expect(delivery.arrived.wait(timeout: .now() + 30) == .success)
        let seen = delivery.seen
        #expect(!seen.fetched.isEmpty && !seen.fetched.contains(true) && seen.delivered == [true], "\(seen)")
    }

    /// Counts the commits GRDB's hooks report on the connection it observes.
    final class CommitCounter: TransactionObserver {
        var commits = 0
        func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
        func databaseDidChange(with event: DatabaseEvent) {}
        func databaseDidCommit(_ db: Database) { commits += 1 }
        func databaseDidRollback(_ db: Database) {}
    }

    /// Chapter 4: GRDB learns of changes from SQLite's hooks on its own connection: a commit made through
    /// another connection to the same file (as another process's would be) never reaches them.
    @Test func hooksSeeTheirOwnConnectionsCommitsOnly() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let observed = try DatabaseQueue(path: directory.file("items.sqlite"))
        let other = try DatabaseQueue(path: directory.file("items.sqlite"))
        try observed.write { db in try db.execute(sql: "CREATE TABLE item (name TEXT)") }
        let counter = CommitCounter()
        observed.inDatabase { db in db.add(transactionObserver: counter) }
        try other.write { db in try db.execute(sql: "INSERT INTO item VALUES ('Apple')") }
        #expect(counter.commits == 0)
        try observed.write { db in try db.execute(sql: "INSERT INTO item VALUES ('Banana')") }
        #expect(counter.commits == 1)
        #expect(try observed.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM item") } == 2)
    }
}
