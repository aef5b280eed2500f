import ArgumentParser
import CSQLite
import Foundation

/// `--stats`: what SQLite did during one command, printed after it (the
/// course's `.stats on` and `.scanstats`; chapter 11 reads them).
///
/// Turned on by `LearnerCommandLine` when the command line says `--stats`: the
/// counting VFS becomes the default (every file opened afterwards counts its
/// reads, writes and syncs), and every traced connection (RawTrace, and
/// CourseGRDB's configuration) hands each statement here as it finishes,
/// where its counters are read and set back to zero. `LearnerCommandLine`
/// prints the report once the command is over.
public final class CommandStatistics: @unchecked Sendable {
    public static let shared = CommandStatistics()

    /// One statement's SQL, with what all its runs did.
    public struct Entry: Sendable {
        public var sql: String
        public var statement = StatementCounts()
        public var cache = CacheCounts()
    }

    private let lock = NSLock()
    private var on = false
    private var entries: [Entry] = []  // in the order first run
    private var databases: [String] = []  // the files the statements ran on

    public var isOn: Bool { lock.withLock { on } }

    /// Starts counting (once; a second call does nothing).
    public func start() throws {
        guard !isOn else { return }
        try CountingVFS.register(asDefault: true)
        lock.withLock { on = true }
    }

    /// Starts counting when `command` has `DatabaseOptions` that say `--stats`.
    /// Returns whether it did.
    public func start(ifAskedBy command: ParsableCommand) throws -> Bool {
        let asked = Self.databaseOptions(in: command, depth: 6).contains(where: \.stats)
        if asked { try start() }
        return asked
    }

    /// The `DatabaseOptions` in `value`: an `@OptionGroup` of the command (a
    /// property wrapper: `Mirror` finds it as `_name`), or one inside a group
    /// of the step's own (step 3's `StoreOptions` holds the shared options and
    /// `--seed`), found `depth` levels down at most.
    static func databaseOptions(in value: Any, depth: Int) -> [DatabaseOptions] {
        if let group = value as? OptionGroup<DatabaseOptions> { return [group.wrappedValue] }
        if let options = value as? DatabaseOptions { return [options] }
        guard depth > 0 else { return [] }
        return Mirror(reflecting: value).children.flatMap { databaseOptions(in: $0.value, depth: depth - 1) }
    }

    /// Called as a statement finishes (`SQLITE_TRACE_PROFILE`): its counters,
    /// and its connection's cache counters since the previous statement, are
    /// added to its entry and reset.
    func record(_ statement: OpaquePointer) {
        let counts = StatementCounts(statement, reset: true)
        let connection = sqlite3_db_handle(statement)
        let cache = connection.map { CacheCounts($0, reset: true) } ?? CacheCounts()
        let sql = oneLine(sqlite3_sql(statement).map { String(cString: $0) } ?? "")
        let path = connection.flatMap { sqlite3_db_filename($0, "main") }.map { String(cString: $0) } ?? ""
        lock.withLock {
            if let index = entries.firstIndex(where: { $0.sql == sql }) {
                entries[index].statement = entries[index].statement + counts
                entries[index].cache = entries[index].cache + cache
            } else {
                entries.append(Entry(sql: sql, statement: counts, cache: cache))
            }
            if !path.isEmpty && !databases.contains(path) { databases.append(path) }
        }
    }

    /// What has been recorded so far.
    public var recorded: [Entry] { lock.withLock { entries } }

    /// The report: one line per distinct statement, then one per database file.
    public func report(to narrator: Narrator) {
        let (entries, databases) = lock.withLock { (self.entries, self.databases) }
        narrator.line()
        narrator.line("--stats: what SQLite did (sqlite3_stmt_status, sqlite3_db_status, the counting VFS)")
        narrator.table(
            [
                "statement", "runs", "VM steps", "full-scan steps", "sorts", "auto-index rows", "cache hits",
                "pages read",
                "pages written",
            ],
            entries.map { entry in
                let s = entry.statement
                let c = entry.cache
                return [
                    entry.sql, s.runs, s.vmSteps, s.fullScanSteps, s.sorts, s.autoIndexRows, c.hits, c.misses, c.writes,
                ]
                .map { "\($0)" }
            })
        var files: [[String?]] = []
        for path in databases {
            let counts = DatabaseFileCounts(path: path)
            for (suffix, file) in [("", counts.database), ("-journal", counts.journal), ("-wal", counts.wal)]
            where file != FileCounts() {
                files.append([Workspace.display(path) + suffix, "\(file.reads)", "\(file.writes)", "\(file.syncs)"])
            }
        }
        if !files.isEmpty {
            narrator.table(["file", "reads", "writes", "syncs"], files)
        }
    }

    /// SQL on one line, cut at 60 characters: the table's first column.
    private func oneLine(_ sql: String) -> String {
        let words = sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return words.count <= 60 ? words : String(words.prefix(59)) + "…"
    }
}
