import CSQLite
import CourseCore
import CourseTestSupport
import Foundation
import GRDB
import Testing

// Chapter 11's lessons in counts: each claim `make bench` times has a twin
// here, stated in what SQLite itself counts (syncs, full-scan steps, pages
// read, runs of a statement), exact or bounded by the mechanism, so that it
// holds on any disk and at any load. Break the mechanism (drop the index,
// lose the transaction) and its twin fails. The counters: CourseCounters'
// Counters.swift and the counting VFS (Sources/CSQLiteCounters).

// MARK: - 1 · Transactions: syncs per commit

@Suite(.temporaryDirectory) struct TransactionCountsTests {
    static let rows = 50

    /// The syncs of `rows` inserts, each its own transaction or all in one.
    func syncs(journal: String, synchronous: String, oneTransaction: Bool) throws -> DatabaseFileCounts {
        let name = "\(journal)-\(synchronous)-\(oneTransaction ? "transaction" : "autocommit").sqlite"
        let db = try CountedConnection(path: try TemporaryDirectory.current.file(name))
        try db.execute("PRAGMA journal_mode = \(journal)")
        try db.execute("PRAGMA synchronous = \(synchronous)")
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, value TEXT)")
        let before = db.fileCounts
        if oneTransaction { try db.execute("BEGIN") }
        for index in 0..<Self.rows {
            try db.execute("INSERT INTO t (value) VALUES ('row \(index)')")
        }
        if oneTransaction { try db.execute("COMMIT") }
        return db.fileCounts - before
    }

    /// Syncs per commit, by mode: the rollback journal is synced before the
    /// database file is written (FULL: twice, its header again after its
    /// pages), then the database file; WAL FULL syncs the WAL at each commit;
    /// WAL NORMAL never syncs on commit (only checkpoints do).
    @Test(arguments: [
        ("DELETE", "FULL", 3), ("DELETE", "NORMAL", 2), ("WAL", "FULL", 1), ("WAL", "NORMAL", 0),
        ("DELETE", "OFF", 0),
    ])
    func autocommitSyncsAtEveryRow(journal: String, synchronous: String, perCommit: Int) throws {
        let autocommit = try syncs(journal: journal, synchronous: synchronous, oneTransaction: false)
        let transaction = try syncs(journal: journal, synchronous: synchronous, oneTransaction: true)
        #expect(transaction.total.syncs == perCommit, "one transaction: \(transaction)")
        if journal == "DELETE" && synchronous == "FULL" {
            #expect(transaction.journal.syncs == 2 && transaction.database.syncs == 1, "\(transaction)")
        }
        #expect(autocommit.total.syncs == Self.rows * perCommit, "autocommit: \(autocommit)")
    }
}

// MARK: - GRDB through the counting VFS

@Suite(.temporaryDirectory) struct GRDBCountingTests {
    /// GRDB takes the VFS in a URI path: its commits are counted like the C API's.
    @Test func aQueueOpenedByURICounts() throws {
        try CountingVFS.register()
        let path = try TemporaryDirectory.current.file("grdb.sqlite")
        let queue = try DatabaseQueue(path: CountingVFS.uri(path))
        try queue.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
        let counts = try queue.read { db in DatabaseFileCounts(connection: try #require(db.sqliteConnection)) }
        // One commit, DELETE journal, synchronous FULL (GRDB's queue keeps SQLite's defaults).
        #expect(counts.journal.syncs == 2 && counts.database.syncs == 1, "\(counts)")
    }

    /// A path with the characters a URI reserves (`?` starts its parameters, `#` its fragment, `%` an
    /// escape) still opens that very file through the counting VFS.
    @Test func aPathWithAURIsReservedCharactersOpensThatFile() throws {
        try CountingVFS.register()
        let path = try TemporaryDirectory.current.file("odd %41?x#y.sqlite")
        #expect(CountingVFS.uri(path).hasSuffix("odd%20%2541%3Fx%23y.sqlite?vfs=counting"))
        let queue = try DatabaseQueue(path: CountingVFS.uri(path))
        try queue.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
        #expect(FileManager.default.fileExists(atPath: path))
        let counts = try queue.read { db in DatabaseFileCounts(connection: try #require(db.sqliteConnection)) }
        #expect(counts.database.syncs == 1, "\(counts)")
    }
}

// MARK: - 3 · Indexes: full-scan steps and pages read

@Suite(.temporaryDirectory) struct IndexCountsTests {
    static let rows = 2_000

    func person(indexed: Bool) throws -> String {
        let path = try TemporaryDirectory.current.file("person-\(indexed ? "indexed" : "scanned").sqlite")
        guard !FileManager.default.fileExists(atPath: path) else { return path }
        let db = try CountedConnection(path: path)
        try db.execute("CREATE TABLE person (id INTEGER PRIMARY KEY, email TEXT NOT NULL, name TEXT NOT NULL)")
        try db.execute(
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(Self.rows))
            INSERT INTO person (email, name) SELECT 'user' || i || '@example.com', 'User number ' || i FROM n
            """)
        if indexed { try db.execute("CREATE INDEX person_email ON person(email)") }
        return path
    }

    /// One lookup by email on a fresh connection (a cold cache: every page it needs is read from the file).
    func lookup(_ path: String) throws -> (statement: StatementCounts, cache: CacheCounts) {
        let db = try CountedConnection(path: path)
        _ = CacheCounts(db.handle, reset: true)
        let statement = try db.prepare("SELECT id FROM person WHERE email = ?")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, "user1500@example.com", -1, SQLITE_TRANSIENT)
        var found = 0
        while sqlite3_step(statement) == SQLITE_ROW { found += 1 }
        #expect(found == 1)
        return (StatementCounts(statement), CacheCounts(db.handle))
    }

    @Test func anIndexLookupStepsNoRowAndReadsAFewPages() throws {
        let scan = try lookup(try person(indexed: false))
        let search = try lookup(try person(indexed: true))
        // The scan steps through every row but the first (SQLite counts the steps forward).
        #expect(scan.statement.fullScanSteps == Self.rows - 1)
        #expect(search.statement.fullScanSteps == 0)
        // Pages read: the scan reads the whole table; the search page 1 (the schema) and one page per level of the
        // index's B-tree (2 levels at 2,000 rows of this size).
        let tablePages = try pageCount(of: "person", in: try person(indexed: false))
        #expect(scan.cache.misses >= tablePages)
        #expect(search.cache.misses <= 3, "the lookup read \(search.cache.misses) pages")
    }

    /// Reading the page cache's counts leaves them as they were, unless the reader asks to start again
    /// (`reset: true`, what --stats does before a command): two reads in a row see the same misses.
    @Test func readingTheCacheCountsResetsThemOnlyWhenAsked() throws {
        let db = try CountedConnection(path: try person(indexed: false))
        _ = try db.integer("SELECT count(*) FROM person")
        let kept = CacheCounts(db.handle)
        #expect(kept.misses > 0)
        #expect(CacheCounts(db.handle) == kept, "a plain read reset the counts")
        #expect(CacheCounts(db.handle, reset: true) == kept)
        #expect(CacheCounts(db.handle).misses == 0, "after reset: true, the counts start again")
    }

    func pageCount(of table: String, in path: String) throws -> Int {
        let db = try CountedConnection(path: path)
        return try db.integer("SELECT count(*) FROM dbstat WHERE name = '\(table)'")
    }
}

// MARK: - 4 · Read transactions: one look at the file, or one per query

@Suite(.temporaryDirectory) struct ReadTransactionCountsTests {
    /// Outside a transaction each SELECT starts a read transaction of its
    /// own, which reads the file's header again to learn whether another
    /// connection changed the file; inside one, the header is read once.
    @Test func eachAutocommitSelectReadsTheHeaderAgain() throws {
        let path = try TemporaryDirectory.current.file("reads.sqlite")
        let setup = try CountedConnection(path: path)
        try setup.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)")
        try setup.execute("INSERT INTO t VALUES (1)")
        let queries = 20
        func reads(oneTransaction: Bool) throws -> Int {
            let db = try CountedConnection(path: path)
            _ = try db.integer("SELECT count(*) FROM t")  // the schema and the table's page are cached now
            let before = db.fileCounts
            if oneTransaction { try db.execute("BEGIN") }
            for _ in 0..<queries { _ = try db.integer("SELECT id FROM t WHERE id = 1") }
            if oneTransaction { try db.execute("COMMIT") }
            return (db.fileCounts - before).database.reads
        }
        let each = try reads(oneTransaction: false)
        let one = try reads(oneTransaction: true)
        #expect(each == queries * one, "one transaction each: \(each) reads, one for all: \(one)")
        #expect(one == 1)
    }
}

// MARK: - 2 and 5 · Prepared statements: compiled once, run many times

@Suite struct StatementCountsTests {
    /// A reused statement runs N times (`SQLITE_STMTSTATUS_RUN`): one compile
    /// for N runs. GRDB's `cachedStatement(sql:)` hands back that same
    /// statement; `execute(sql:)` compiles a new one at every call.
    @Test func grdbCachesTheCompiledStatement() throws {
        let queue = try DatabaseQueue()
        let runs = 25
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, value INTEGER)")
            for index in 0..<runs {
                try db.cachedStatement(sql: "INSERT INTO t (value) VALUES (?)").execute(arguments: [index])
            }
            let cached = try db.cachedStatement(sql: "INSERT INTO t (value) VALUES (?)")
            #expect(StatementCounts(cached.sqliteStatement).runs == runs)
            // Not cached: a fresh statement each time, run once.
            for index in 0..<3 {
                let statement = try db.makeStatement(sql: "INSERT INTO t (value) VALUES (?)")
                try statement.execute(arguments: [index])
                #expect(StatementCounts(statement.sqliteStatement).runs == 1)
            }
        }
    }

    /// A schema change makes SQLite compile a prepared statement again before its next run
    /// (`SQLITE_STMTSTATUS_REPREPARE`), and adding two statements' counts adds their reprepares too.
    @Test func aSchemaChangeRecompilesAPreparedStatement() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)")
            let select = try db.makeStatement(sql: "SELECT id FROM t")
            _ = try Int.fetchAll(select)
            #expect(StatementCounts(select.sqliteStatement).reprepares == 0)
            try db.execute(sql: "ALTER TABLE t ADD COLUMN name TEXT")
            _ = try Int.fetchAll(select)
            let counts = StatementCounts(select.sqliteStatement)
            #expect(counts.reprepares == 1)
            #expect((counts + counts).reprepares == 2)
        }
    }

    /// A record's insert goes through GRDB's statement cache too: N inserts, one statement run N times.
    @Test func recordInsertsReuseOneStatement() throws {
        struct Row: Codable, PersistableRecord, FetchableRecord {
            var id: Int64?
            var value: Int
        }
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE row (id INTEGER PRIMARY KEY, value INTEGER NOT NULL)")
            for index in 0..<10 { try Row(id: nil, value: index).insert(db) }
            // The connection's statements that are still prepared (sqlite3_next_stmt): GRDB's cache holds the insert.
            var inserts: [StatementCounts] = []
            var statement = sqlite3_next_stmt(db.sqliteConnection, nil)
            while let current = statement {
                if String(cString: sqlite3_sql(current)).hasPrefix("INSERT INTO \"row\"") {
                    inserts.append(StatementCounts(current))
                }
                statement = sqlite3_next_stmt(db.sqliteConnection, current)
            }
            #expect(inserts.map(\.runs) == [10])
        }
    }
}

// MARK: - 8 · Full-text search: what grows with the table

@Suite struct FullTextCountsTests {
    /// LIKE '%word%' examines every row: its work grows with the table. An
    /// FTS5 MATCH reads the word's entries in the index: rows that do not
    /// contain the word add nothing to it.
    @Test func matchDoesNotGrowWithRowsThatDoNotMatch() throws {
        let queue = try DatabaseQueue()
        func counts(afterAdding rows: Int) throws -> (like: StatementCounts, match: StatementCounts) {
            try queue.write { db in
                try db.execute(
                    sql: """
                        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                        INSERT INTO doc (body) SELECT 'plain text number ' || i FROM n
                        """, arguments: [rows])
                try db.execute(sql: "INSERT INTO doc_fts (doc_fts) VALUES ('rebuild')")
                let like = try db.makeStatement(sql: "SELECT count(*) FROM doc WHERE body LIKE '%comet%'")
                let match = try db.makeStatement(sql: "SELECT count(*) FROM doc_fts WHERE doc_fts MATCH 'comet'")
                #expect(try Int.fetchOne(like) == 5)
                #expect(try Int.fetchOne(match) == 5)
                return (StatementCounts(like.sqliteStatement), StatementCounts(match.sqliteStatement))
            }
        }
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE doc (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
            try db.execute(sql: "CREATE VIRTUAL TABLE doc_fts USING fts5(body, content='doc', content_rowid='id')")
            for index in 0..<5 { try db.execute(sql: "INSERT INTO doc (body) VALUES ('a comet \(index)')") }
        }
        let small = try counts(afterAdding: 1_000)
        let large = try counts(afterAdding: 9_000)
        #expect(small.like.fullScanSteps == 1_005 - 1)
        #expect(large.like.fullScanSteps == 10_005 - 1)
        #expect(large.match.fullScanSteps == 0)
        #expect(large.match.vmSteps == small.match.vmSteps, "MATCH: \(small.match.vmSteps) → \(large.match.vmSteps)")
        #expect(large.like.vmSteps >= small.like.vmSteps + 9_000)
    }
}

// MARK: - 7 · Concurrency: reads that wait for a write

@Suite(.temporaryDirectory) struct ConcurrencyCountsTests {
    /// A read asked for while a write transaction is open: a DatabasePool
    /// runs it at once on a reader connection (WAL), a DatabaseQueue only
    /// after the write (one connection, one thing at a time). Staged in a
    /// fixed order: the write holds until the test has looked.
    @Test(arguments: [false, true])
    func readsThatWaitedForTheWriter(pool: Bool) throws {
        let path = try TemporaryDirectory.current.file("readers-\(pool).sqlite")
        let writer: any DatabaseWriter = pool ? try DatabasePool(path: path) : try DatabaseQueue(path: path)
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY); INSERT INTO t VALUES (1)")
        }
        let writing = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let readDone = DispatchSemaphore(value: 0)
        writer.asyncWriteWithoutTransaction { db in
            try? db.inTransaction {
                try db.execute(sql: "INSERT INTO t VALUES (2)")
                writing.signal()
                release.wait()
                return .commit
            }
        }
        writing.wait()
        let seen = LockedValue<Int?>(nil)
        writer.asyncRead { result in
            seen.set(try? Int.fetchOne(result.get(), sql: "SELECT count(*) FROM t"))
            readDone.signal()
        }
        // Finished while the write is still open? Only the pool's reader can be; the queue's read is behind it.
        let finishedDuringTheWrite = readDone.wait(timeout: pool ? .distantFuture : .now()) == .success
        release.signal()
        if !finishedDuringTheWrite { readDone.wait() }
        #expect(finishedDuringTheWrite == pool)
        // The pool's reader saw the database before the write; the queue's read came after it.
        #expect(seen.get() == (pool ? 1 : 2))
    }
}

// MARK: - --stats: the same counters, after a step's command

typealias StatsOptionTests = EveryStep.StatsOptionTests
extension EveryStep { @Suite(.temporaryDirectory) struct StatsOptionTests {} }

extension StatsOptionTests {
    /// `step1 add … --stats` (the C API): the INSERT ran once, and the two commits it made (the
    /// table's creation, then the row) synced what a DELETE journal with synchronous FULL syncs
    /// per commit: the journal twice, the database once (TransactionCountsTests).
    @Test(.testing(step: 1)) func stepOneCountsItsCommitsSyncs() throws {
        let directory = try TemporaryDirectory.current
        let result = try StepProcess.run(
            "step1", ["add", "Ann", "--database", "stats.sqlite", "--stats"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        let insert = try #require(lines.first { $0.starts(with: ["INSERT", "INTO", "players"]) })
        #expect(insert.count > 9 && insert[insert.count - 8] == "1", "runs: \(insert)")
        let journal = try #require(lines.first { $0.first == "stats.sqlite-journal" })
        let database = try #require(lines.first { $0.first == "stats.sqlite" })
        #expect(journal.last == "4" && database.last == "2", "syncs: \(journal), \(database)")
    }

    /// The tour takes it too (`step1 --stats`): each of its commits synced the journal twice, the database once.
    @Test(.testing(step: 1)) func theTourIsCountedToo() throws {
        let result = try StepProcess.run("step1", ["--stats"], in: try TemporaryDirectory.current)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        let journal = try #require(lines.first { $0.first?.hasSuffix("step1-tour.sqlite-journal") == true })
        let database = try #require(lines.first { $0.first?.hasSuffix("step1-tour.sqlite") == true })
        let journalSyncs = try #require(Int(journal.last ?? ""))
        #expect(journalSyncs > 0 && String(journalSyncs / 2) == database.last, "\(journal), \(database)")
    }

    /// A GRDB step prints the same report: `step7 show` reads one body by its primary key, `search`
    /// scans (docs/evidence/experiments/12-stats-read-against-the-plan.py has the two plans).
    @Test(.testing(step: 7)) func aGRDBStepCountsTooAndALookupScansNothing() throws {
        let directory = try TemporaryDirectory.current
        try StepProcess.run("step7", ["sync", "--database", "bodies.sqlite"], in: directory)
        let result = try StepProcess.run(
            "step7", ["show", "terre", "--database", "bodies.sqlite", "--stats"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let lookup = try #require(
            result.stdout.split(separator: "\n").first { $0.contains(#"SELECT * FROM "solar_body" WHERE "id" = ?"#) })
        // runs 1, VM steps, full-scan steps 0, sorts 0
        let counts = lookup.split(separator: " ").suffix(8).map(String.init)
        #expect(counts[0] == "1" && counts[2] == "0" && counts[3] == "0", "\(lookup)")
        // `search` scans the name index, in order: a step past each of the 40 bodies but the first, and no sort.
        let search = try StepProcess.run(
            "step7", ["search", "an", "--database", "bodies.sqlite", "--stats"], in: directory)
        let scan = try #require(search.stdout.split(separator: "\n").first { $0.contains("WHERE instr(") })
        let scanCounts = scan.split(separator: " ").suffix(8).map(String.init)
        #expect(scanCounts[0] == "1" && scanCounts[2] == "39" && scanCounts[3] == "0", "\(scan)")
    }
}

// MARK: - A C API connection through the counting VFS

/// The C API, opened through the counting VFS, with the few calls the tests need.
final class CountedConnection {
    let handle: OpaquePointer

    init(path: String) throws {
        try CountingVFS.register()
        var db: OpaquePointer?
        let code = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, CountingVFS.name)
        guard code == SQLITE_OK, let db else {
            sqlite3_close_v2(db)
            throw SQLiteError(connection: nil, resultCode: code, sql: nil)
        }
        handle = db
    }

    deinit { sqlite3_close_v2(handle) }

    var fileCounts: DatabaseFileCounts { DatabaseFileCounts(connection: handle) }

    func execute(_ sql: String) throws {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw SQLiteError(connection: handle, resultCode: code, sql: sql) }
    }

    func prepare(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw SQLiteError(connection: handle, resultCode: code, sql: sql)
        }
        return statement
    }

    func integer(_ sql: String) throws -> Int {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        let code = sqlite3_step(statement)
        guard code == SQLITE_ROW else { throw SQLiteError(connection: handle, resultCode: code, sql: sql) }
        return Int(sqlite3_column_int64(statement, 0))
    }
}

/// A value two threads hand over (the read's result, to the test).
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
    func get() -> Value { lock.withLock { value } }
}
