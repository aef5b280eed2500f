import CSQLite
import CSQLiteCounters
import Foundation

// What SQLite counts while it works, read through its own interfaces: per
// statement (`sqlite3_stmt_status`), per connection (`sqlite3_db_status`) and
// per file (the "counting" VFS of CSQLiteCounters). Counts, unlike times, are
// the same on every machine: the course's tests state its performance lessons
// in them (Tests/CoreTests/CountsTests.swift) and `--stats` prints them.
// The C API and GRDB alike: GRDB hands out the same pointers
// (`Database.sqliteConnection`, `Statement.sqliteStatement`).
// A module of its own (CSQLite and the VFS, nothing else), so that chapter 12's
// benchmark, a package of its own, counts with it too (Benchmarks/Package.swift);
// CourseCore re-exports it.

// MARK: - Per statement

/// What one prepared statement did since it was prepared (or since the last
/// read with `reset`): `sqlite3_stmt_status`.
public struct StatementCounts: Equatable, Sendable {
    /// Virtual-machine instructions run (`SQLITE_STMTSTATUS_VM_STEP`): the work, whatever it was.
    public var vmSteps = 0
    /// Rows stepped through a full table scan (`SQLITE_STMTSTATUS_FULLSCAN_STEP`): 0 when an index answered.
    public var fullScanSteps = 0
    /// Sorts (`SQLITE_STMTSTATUS_SORT`): an ORDER BY that no index provides.
    public var sorts = 0
    /// Rows put in automatic indexes, built for this run and dropped after (`SQLITE_STMTSTATUS_AUTOINDEX`).
    public var autoIndexRows = 0
    /// Times the statement ran (`SQLITE_STMTSTATUS_RUN`).
    public var runs = 0
    /// Times SQLite compiled it again because the schema changed (`SQLITE_STMTSTATUS_REPREPARE`).
    public var reprepares = 0

    public init() {}

    /// Reads `statement`'s counters; `reset` sets them back to zero (runs and reprepares too).
    public init(_ statement: OpaquePointer, reset: Bool = false) {
        func read(_ counter: Int32) -> Int { Int(sqlite3_stmt_status(statement, counter, reset ? 1 : 0)) }
        vmSteps = read(SQLITE_STMTSTATUS_VM_STEP)
        fullScanSteps = read(SQLITE_STMTSTATUS_FULLSCAN_STEP)
        sorts = read(SQLITE_STMTSTATUS_SORT)
        autoIndexRows = read(SQLITE_STMTSTATUS_AUTOINDEX)
        runs = read(SQLITE_STMTSTATUS_RUN)
        reprepares = read(SQLITE_STMTSTATUS_REPREPARE)
    }

    public static func + (left: Self, right: Self) -> Self {
        var sum = left
        sum.vmSteps += right.vmSteps
        sum.fullScanSteps += right.fullScanSteps
        sum.sorts += right.sorts
        sum.autoIndexRows += right.autoIndexRows
        sum.runs += right.runs
        sum.reprepares += right.reprepares
        return sum
    }
}

// MARK: - Per connection

/// The page cache of one connection since it opened (or the last read with
/// `reset`): `sqlite3_db_status`. A miss is a page read from the file.
public struct CacheCounts: Equatable, Sendable {
    /// Pages found in the cache (`SQLITE_DBSTATUS_CACHE_HIT`).
    public var hits = 0
    /// Pages not found, so read from the file (`SQLITE_DBSTATUS_CACHE_MISS`).
    public var misses = 0
    /// Pages written to the file (`SQLITE_DBSTATUS_CACHE_WRITE`): at commit, or when the cache spills.
    public var writes = 0

    public init() {}

    public init(_ connection: OpaquePointer, reset: Bool = false) {
        func read(_ counter: Int32) -> Int {
            var current: Int32 = 0
            var highest: Int32 = 0
            sqlite3_db_status(connection, counter, &current, &highest, reset ? 1 : 0)
            return Int(current)
        }
        hits = read(SQLITE_DBSTATUS_CACHE_HIT)
        misses = read(SQLITE_DBSTATUS_CACHE_MISS)
        writes = read(SQLITE_DBSTATUS_CACHE_WRITE)
    }

    public static func + (left: Self, right: Self) -> Self {
        var sum = left
        sum.hits += right.hits
        sum.misses += right.misses
        sum.writes += right.writes
        return sum
    }
}

// MARK: - Per file

/// What SQLite asked of one file: `xRead`, `xWrite` and `xSync` calls, as the
/// "counting" VFS saw them pass.
public struct FileCounts: Equatable, Sendable {
    public var reads = 0
    public var writes = 0
    public var syncs = 0

    public init(reads: Int = 0, writes: Int = 0, syncs: Int = 0) {
        self.reads = reads
        self.writes = writes
        self.syncs = syncs
    }

    public static func - (left: Self, right: Self) -> Self {
        FileCounts(reads: left.reads - right.reads, writes: left.writes - right.writes, syncs: left.syncs - right.syncs)
    }

    public static func + (left: Self, right: Self) -> Self {
        FileCounts(reads: left.reads + right.reads, writes: left.writes + right.writes, syncs: left.syncs + right.syncs)
    }
}

/// The files of one database: the database itself, its rollback journal, its WAL.
public struct DatabaseFileCounts: Equatable, Sendable {
    public var database = FileCounts()
    public var journal = FileCounts()
    public var wal = FileCounts()

    public init() {}

    /// The counts so far of the database at `path`, its full path as SQLite
    /// has it (`sqlite3_db_filename`): zeros unless it was opened through the
    /// counting VFS.
    public init(path: String) {
        func read(_ kind: counting_file_kind) -> FileCounts {
            let counts = counting_vfs_counts(path, kind)
            return FileCounts(reads: Int(counts.reads), writes: Int(counts.writes), syncs: Int(counts.syncs))
        }
        database = read(COUNTING_MAIN_DB)
        journal = read(COUNTING_JOURNAL)
        wal = read(COUNTING_WAL)
    }

    /// The counts so far of `connection`'s main database.
    public init(connection: OpaquePointer) {
        self.init(path: sqlite3_db_filename(connection, "main").map { String(cString: $0) } ?? "")
    }

    /// All three files together.
    public var total: FileCounts { database + journal + wal }

    /// What happened between two readings: `after - before`.
    public static func - (left: Self, right: Self) -> Self {
        var difference = Self()
        difference.database = left.database - right.database
        difference.journal = left.journal - right.journal
        difference.wal = left.wal - right.wal
        return difference
    }
}

/// The VFS that counts: it wraps SQLite's default one and passes every call
/// through (Sources/CSQLiteCounters). A connection opts in by its name,
/// `sqlite3_open_v2(path, &db, flags, CountingVFS.name)` or the URI
/// `file:path?vfs=counting` (what GRDB takes as a path).
public enum CountingVFS {
    public static let name = "counting"

    /// Registers it (once per process). `asDefault`: every connection opened
    /// from now on counts without naming it (what `--stats` does).
    public static func register(asDefault: Bool = false) throws {
        let code = counting_vfs_register(asDefault ? 1 : 0)
        guard code == SQLITE_OK else { throw RegistrationError(code: code) }
    }

    /// SQLite refused the VFS (`sqlite3_vfs_register`'s result code), or found no default one to wrap.
    public struct RegistrationError: Error, CustomStringConvertible {
        public var code: Int32
        public var description: String {
            "could not register the counting VFS: SQLite error \(code) (\(String(cString: sqlite3_errstr(code))))"
        }
    }

    /// `path` as a URI that opens it through the counting VFS: the path's own `%`, `?` and `#` escaped,
    /// as the URI rules ask (`urlPathAllowed` leaves the three out, so they come out as `%25`, `%3F`, `%23`).
    public static func uri(_ path: String) -> String {
        let escaped = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        return "file:\(escaped)?vfs=\(name)"
    }
}
