import CourseCore
import Foundation
import GRDB

/// GRDB settings shared by the GRDB steps (2 to 7).
public enum CourseGRDB {
    /// A configuration with foreign keys on (GRDB's default, and SQLite's
    /// is off), a busy timeout, and, when `trace` is set, every statement
    /// printed before it runs, with its argument values filled in.
    public static func configuration(trace: Bool, narrator: Narrator, foreignKeys: Bool = true) -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = foreignKeys
        // GRDB's default, .immediateError, fails at once when another process
        // holds the lock; .timeout is sqlite3_busy_timeout, as in step 1.
        configuration.busyMode = .timeout(BusyTimeout.seconds)
        if CommandStatistics.shared.isOn {
            // --stats needs each statement as it finishes, and SQLite keeps one trace
            // callback per connection: ours does both, printing --trace as GRDB would.
            configuration.prepareDatabase { db in
                guard let connection = db.sqliteConnection else { return }
                RawTrace.install(on: connection, narrator: trace ? narrator : nil, format: grdbTraceFormat)
            }
        } else if trace {
            configuration.prepareDatabase { db in
                db.trace { event in narrator.trace(event.expandedDescription) }
            }
        }
        return configuration
    }

    /// `--trace`'s line as GRDB's `expandedDescription` has it: a statement inside
    /// a trigger as SQLite names it (`-- TRIGGER …`), any other with its values
    /// filled in, without the spaces and `;` around it.
    static let grdbTraceFormat: RawTrace.Format = { expanded, text in
        text.hasPrefix("--")
            ? text : expanded.trimmingCharacters(in: .whitespacesAndNewlines.union(.init(charactersIn: ";")))
    }

    /// Opens a `DatabaseQueue` at `location`. A folder that does not exist,
    /// a file that is not a database, or a file another process keeps locked
    /// for longer than the busy timeout fails here with SQLite's code
    /// (`SQLITE_CANTOPEN`, `SQLITE_NOTADB`, `SQLITE_BUSY`) rather than later.
    public static func openQueue(_ location: DatabaseLocation, configuration: Configuration) throws -> DatabaseQueue {
        try openQueue(location, filename: nil, configuration: configuration)
    }

    /// `openQueue`, with the filename SQLite opens when it is not the file's path (a URI).
    static func openQueue(_ location: DatabaseLocation, filename: String?, configuration: Configuration) throws
        -> DatabaseQueue
    {
        try attemptOpen(location) {
            switch location {
            case .inMemory:
                return try DatabaseQueue(configuration: configuration)
            case .file(let path):
                let queue = try DatabaseQueue(path: filename ?? path, configuration: configuration)
                // Reading the schema proves the file is a database.
                _ = try queue.read { db in try db.tableExists("sqlite_master") }
                return queue
            }
        }
    }

    // [docs:open-reading]
    /// Opens `location` for a subcommand that only reads, and leaves the file
    /// as it found it, byte for byte, with no `-wal` or `-shm` beside it:
    /// read-only (`Configuration.readonly`: `SQLITE_OPEN_READONLY`), through
    /// the URI `DatabaseFile.readOnlyURI` builds (`mode=ro`: it takes SQLite's
    /// locks and reads committed data only; a WAL-mode file with no `-wal`,
    /// beside which even a read-only connection creates `-wal` and `-shm`, is
    /// opened read-write, read under `PRAGMA query_only`, and its close
    /// deletes them: `DatabaseFile.readsReadWrite`). A queue, not a pool: a
    /// `DatabasePool` that can write switches the file to WAL mode and writes
    /// a table to it (GRDB's `setUpWALMode`). A file `migrator` has not
    /// brought up to date (an older step's, which this step upgrades, as
    /// docs/appendix-file-compatibility.md shows) is opened to write, and migrated.
    public static func openForReading(
        _ location: DatabaseLocation, configuration: Configuration, migrator: DatabaseMigrator
    ) throws -> DatabaseQueue {
        if let queue = try openReadOnly(location, configuration: configuration),
            try queue.read(migrator.hasCompletedMigrations)
        {
            return queue
        }
        let queue = try openQueue(location, configuration: configuration)
        try attempt("prepare \(location.display)") { try migrator.migrate(queue) }
        return queue
    }
    // [/docs:open-reading]

    /// The read-only queue of `openForReading` (nil in memory, or when there
    /// is no file yet: the step's own default file is then set up as usual).
    public static func openReadOnly(_ location: DatabaseLocation, configuration: Configuration) throws
        -> DatabaseQueue?
    {
        guard case .file(let path) = location, FileManager.default.fileExists(atPath: path) else { return nil }
        var readOnly = configuration
        // A cleanly closed WAL-mode file opens read-write, to take the WAL read
        // lock; GRDB runs each `read` of such a connection under PRAGMA
        // query_only (`Database.beginReadOnly`), so it writes nothing.
        readOnly.readonly = !DatabaseFile.readsReadWrite(path)
        return try openQueue(
            location, filename: DatabaseFile.readOnlyURI(path, uriFlag: false), configuration: readOnly)
    }
}
