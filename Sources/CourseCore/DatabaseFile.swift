import CSQLite
import Foundation

// A step opens a database file only if it can use it. Opening is not
// harmless: GRDB's migrator creates `grdb_migrations` and tables, a
// `DatabasePool` switches the file to WAL mode, `sqlite3_open_v2` with
// SQLITE_OPEN_CREATE creates a missing file. So before any of that, each step
// looks at the file through a read-only connection that cannot create or
// change anything, and refuses a file it cannot use, with a message that says
// what the file holds and what to do. docs/appendix-file-compatibility.md
// shows what every step does with every other step's file.

// MARK: - What each step's files look like

/// The tables a step's database holds (SQLite's own `sqlite_…` tables aside)
/// and the GRDB migrations it records. Kept here, in one table, so that every
/// step can tell who made a file it refuses.
public struct StepFileKind: Sendable {
    public var step: String  // "step3"
    public var tables: Set<String>
    /// `grdb_migrations`, in order (empty for the steps without a migrator).
    public var migrations: [String]
    /// Migrations the step does not run but keeps: a file it upgrades records
    /// them already, and still does once upgraded (a step 8 file upgraded by
    /// step 11 keeps `v1 catalog.sql`; GRDB's migrator skips the ones it does not know).
    public var kept: [String] = []
    /// The columns of the tables whose shape differs from step to step.
    public var columns: [String: [String]] = [:]
    /// Other tables may be present too (step 6 uses any Northwind database).
    public var allowsMoreTables = false
    /// Whether the step makes its schema in a new or empty file (step 6 only
    /// copies its bundled catalog to its own default file when it is missing).
    public var setsUpEmptyFiles = true
    /// A subcommand that reads the file, for the "what to do" advice.
    public var readCommand: String
    /// What the file is, in a few words.
    public var summary: String

    /// The step's number as a learner reads it: "step 3".
    public var displayName: String { "step " + step.dropFirst(4) }

    public static let all: [StepFileKind] = [
        StepFileKind(
            step: "step1", tables: ["players"], migrations: [],
            columns: ["players": ["id", "name", "createdAt", "isInjured"]], readCommand: "list",
            summary: "players, made with the C API"),
        StepFileKind(
            step: "step2", tables: ["players", "grdb_migrations"],
            migrations: ["Create 'players' table", "Add 'isInjured' to 'players'"],
            columns: ["players": ["id", "name", "createdAt", "isInjured"]], readCommand: "list",
            summary: "players"),
        StepFileKind(
            step: "step3", tables: ["players", "teams", "grdb_migrations"],
            migrations: [
                "Create 'players' table", "Add 'isInjured' to 'players'", "Create 'teams' table",
                "Add 'teamID' to 'players'", "Seed demo teams and players",
            ],
            columns: ["players": ["id", "name", "createdAt", "isInjured", "teamID"]], readCommand: "players",
            summary: "players and teams"),
        StepFileKind(
            step: "step4", tables: ["item", "grdb_migrations"], migrations: ["createItem"],
            columns: ["item": ["id", "name", "quantity"]], readCommand: "list", summary: "items"),
        StepFileKind(
            step: "step5", tables: ["item", "grdb_migrations"], migrations: ["createItem", "addNotes"],
            columns: ["item": ["id", "name", "quantity", "notes"]], readCommand: "list", summary: "items with notes"),
        StepFileKind(
            step: "step6", tables: ["Categories", "Suppliers", "Products"], migrations: [],
            allowsMoreTables: true, setsUpEmptyFiles: false, readCommand: "list",
            summary: "a Northwind catalog"),
        StepFileKind(
            step: "step7", tables: ["solar_body", "grdb_migrations"], migrations: ["v1 BodiesDB-001.sql"],
            readCommand: "list", summary: "a cache of solar bodies"),
        StepFileKind(
            step: "step8", tables: ["Categories", "Suppliers", "Products", "solar_body", "grdb_migrations"],
            migrations: ["v1 catalog.sql", "v1 BodiesDB-001.sql"], readCommand: "search",
            summary: "a catalog and a cache of solar bodies"),
        StepFileKind(
            step: "step9", tables: ["entry", "grdb_migrations"], migrations: ["createEntry"],
            columns: ["entry": ["id", "worker", "number"]], readCommand: "list",
            summary: "entries written by several processes"),
        StepFileKind(
            step: "step10",
            tables: [
                "Categories", "Suppliers", "Products", "solar_body", "grdb_migrations", "product_fts", "body_fts",
            ],
            migrations: ["v1 catalog.sql", "v1 BodiesDB-001.sql", "v10 full-text search"], readCommand: "check",
            summary: "a catalog and a cache of solar bodies, with full-text indexes"),
        StepFileKind(
            step: "step11", tables: ["solar_body", "grdb_migrations", "body"],
            migrations: ["v1 BodiesDB-001.sql", "v11 body documents"],
            kept: ["v1 catalog.sql", "v10 full-text search"], readCommand: "rank",
            summary: "a cache of solar bodies with their JSON documents"),
    ]

    /// The kinds of file `step` uses: its own, for step 5 step 4's too
    /// (step 5's migrator upgrades it in place, as chapter 5 teaches), and for
    /// step 10 the files of steps 6, 7 and 8 (it adds what each lacks, then the indexes),
    /// for step 11 the files of steps 7, 8 and 10 (each holds step 7's bodies: it adds
    /// the documents table, and keeps the rest).
    /// `migrations`: the step's migrator as it is now, which knows a migration
    /// a learner just added (the table above only knows the course's).
    public static func usable(by step: String, migrations: [String]? = nil) -> [StepFileKind] {
        let upgrades = [
            "step5": ["step4"], "step10": ["step6", "step7", "step8"], "step11": ["step7", "step8", "step10"],
        ]
        return all.compactMap { kind in
            guard kind.step == step else { return upgrades[step, default: []].contains(kind.step) ? kind : nil }
            var own = kind
            own.migrations = migrations ?? kind.migrations
            return own
        }
    }

    /// Whether `contents` is a file of this kind (possibly from an earlier
    /// version of the step: fewer migrations, all known).
    func describes(_ contents: DatabaseFile.Contents) -> Bool {
        let columnsMatch = columns.allSatisfy { table, names in
            Set(names).isSubset(of: contents.columns[table] ?? [])
        }
        guard !migrations.isEmpty else {
            // No migrator (steps 1 and 6): the tables tell.
            let tablesMatch = allowsMoreTables ? tables.isSubset(of: contents.tables) : tables == contents.tables
            return tablesMatch && columnsMatch
        }
        // A GRDB step: the migrations tell. At least one, all known, and the tables they make.
        return !contents.migrations.isEmpty && Set(contents.migrations).isSubset(of: migrations + kept)
            && tables.isSubset(of: contents.tables) && columnsMatch
    }
}

// MARK: - Looking at a file without touching it

public enum DatabaseFile {
    /// What a file holds, as far as telling which step made it goes.
    public struct Contents: Sendable, Equatable {
        public var tables: Set<String>
        public var migrations: [String]
        public var columns: [String: [String]]  // table → its columns, in order

        public var isEmpty: Bool { tables.isEmpty }

        /// The step whose file this is, when that can be told; when several
        /// fit, a step whose migrations are exactly the file's, then a step
        /// with migrations (the file records them), then the first.
        /// (A step 8 file is also a Northwind catalog, which step 6 describes;
        /// its migrations make it step 8's. A step 8 file upgraded by step 11
        /// is one too: its migrations, step 8's and step 11's, make it step 11's.)
        public var kind: StepFileKind? {
            let candidates = StepFileKind.all.filter { $0.describes(self) }
            return candidates.first { Set($0.migrations) == Set(migrations) }
                ?? candidates.first { !$0.migrations.isEmpty } ?? candidates.first
        }
    }

    /// What a file is, before a step opens it.
    public enum State: Sendable, Equatable {
        case missing
        case notADatabase(SQLiteError)  // SQLite's code and message, e.g. 26 SQLITE_NOTADB
        case database(Contents)  // an empty file is a database with no tables
    }

    // [docs:inspect]
    /// Reads the file's schema through a connection that can neither create
    /// nor change it: `SQLITE_OPEN_READONLY` without `SQLITE_OPEN_CREATE`,
    /// through the URI `readOnlyURI` builds (`mode=ro`, which takes SQLite's
    /// locks), or, for a WAL-mode file with no `-wal`, read-write with
    /// `PRAGMA query_only` (`readsReadWrite`).
    public static func inspect(_ path: String) -> State {
        guard FileManager.default.fileExists(atPath: path) else { return .missing }
        var db: OpaquePointer?
        defer { sqlite3_close_v2(db) }
        let readWrite = readsReadWrite(path)
        let flags = (readWrite ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY) | SQLITE_OPEN_URI
        var code = sqlite3_open_v2(readOnlyURI(path), &db, flags, nil)
        if code == SQLITE_OK && readWrite { code = sqlite3_exec(db, "PRAGMA query_only = 1", nil, nil, nil) }
        guard code == SQLITE_OK, let db else {
            return .notADatabase(SQLiteError(connection: db, resultCode: code, sql: nil))
        }
        sqlite3_busy_timeout(db, BusyTimeout.milliseconds)  // a writer's EXCLUSIVE lock: wait, as the step will
        do {
            // sqlite_schema lists every table; SQLite's own start with "sqlite_".
            let tables = try strings(
                db, "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
            // In the order they ran: GRDB inserts one row per migration as it applies it.
            let migrations =
                tables.contains("grdb_migrations")
                ? try strings(db, "SELECT identifier FROM grdb_migrations ORDER BY rowid") : []
            var columns: [String: [String]] = [:]
            for table in tables {
                columns[table] = try strings(
                    db, "SELECT name FROM pragma_table_info('\(table.replacingOccurrences(of: "'", with: "''"))')")
            }
            return .database(Contents(tables: Set(tables), migrations: migrations, columns: columns))
        } catch {
            return .notADatabase(error)
        }
    }
    // [/docs:inspect]

    // [docs:read-only-uri]
    /// The URI filename of `path` for a connection that only reads and sees
    /// committed data only: `file:/absolute/path?mode=ro`. A `mode=ro`
    /// connection takes SQLite's SHARED lock to read, so it never reads a
    /// transaction another process has not committed; when a writer died
    /// mid-transaction and left a hot `-journal`, it refuses with
    /// SQLITE_READONLY_ROLLBACK (it may not roll the journal back: that is a
    /// write). A WAL-mode file (bytes 18 and 19 of its header are 2) with no
    /// `-wal` was closed cleanly, and a `mode=ro` connection would leave
    /// `-wal` and `-shm` files beside it: that file is opened read-write
    /// instead, with `PRAGMA query_only` (`readsReadWrite`: `file:/absolute/path`),
    /// or, in a folder the step may not write, `immutable=1`, which takes no
    /// lock. (SQLite reads a URI filename when the connection is opened with
    /// `SQLITE_OPEN_URI`, or in every connection when the library was built
    /// with `SQLITE_USE_URI`; GRDB does not pass the flag, so `uriFlag: false`
    /// returns the path itself when the library lacks `SQLITE_USE_URI`:
    /// opened `SQLITE_OPEN_READONLY`, it is a `mode=ro` connection.)
    /// docs/evidence/experiments/00-read-only-after-a-writer-died.py and
    /// 00-immutable-reader-and-a-checkpoint.py show them on SQLite 3.40.1.
    public static func readOnlyURI(_ path: String, uriFlag: Bool = true) -> String {
        guard uriFlag || sqlite3_compileoption_used("USE_URI") == 1 else { return path }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let hasWAL = FileManager.default.fileExists(atPath: path + "-wal")
        // A URI filename: `%`, `?` and `#` are escaped, as in any URL.
        let escaped = absolute.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "?", with: "%3f").replacingOccurrences(of: "#", with: "%23")
        if readsReadWrite(path) { return "file:\(escaped)" }
        return "file:\(escaped)" + (isWALMode(path) && !hasWAL ? "?immutable=1" : "?mode=ro")
    }

    /// Whether a connection that only reads `path` opens it read-write, and
    /// runs `PRAGMA query_only = 1` first: a WAL-mode file with no `-wal`, in
    /// a folder the step may write. Such a connection takes the WAL read
    /// lock, so a writer that commits and closes meanwhile cannot checkpoint
    /// into the file under it (as it does under `immutable=1`, which takes no
    /// lock); its own close, the last one, deletes the `-wal` and `-shm` it made.
    public static func readsReadWrite(_ path: String) -> Bool {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return isWALMode(path) && !FileManager.default.fileExists(atPath: path + "-wal")
            && FileManager.default.isWritableFile(atPath: folder) && FileManager.default.isWritableFile(atPath: path)
    }

    /// Whether the file's header says WAL mode: its bytes 18 and 19 (the file
    /// format's write and read versions) are 2 in WAL mode, 1 otherwise.
    public static func isWALMode(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 20), header.count == 20 else { return false }
        return header[18] == 2 && header[19] == 2
    }
    // [/docs:read-only-uri]

    /// The first column of every row of `sql`.
    private static func strings(_ db: OpaquePointer, _ sql: String) throws(SQLiteError) -> [String] {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        var code = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        guard code == SQLITE_OK else { throw SQLiteError(connection: db, resultCode: code, sql: nil) }
        var values: [String] = []
        while true {
            code = sqlite3_step(statement)
            switch code {
            case SQLITE_ROW: values.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
            case SQLITE_DONE: return values
            default: throw SQLiteError(connection: db, resultCode: code, sql: nil)
            }
        }
    }
}

// MARK: - The check every step makes before it opens a file

extension DatabaseFile {
    // [docs:check]
    /// Refuses, before anything touches it, a file `step` cannot use: one made
    /// by another step or program, or not a database. A new or empty file is
    /// fine (the step sets it up), unless `reading`: a subcommand that only
    /// reads does not create a file.
    public static func check(
        _ location: DatabaseLocation, for step: String, migrations: [String]? = nil, reading: Bool = false
    ) throws {
        let usable = StepFileKind.usable(by: step, migrations: migrations)
        guard case .file(let path) = location, let own = usable.first(where: { $0.step == step }) else { return }
        let shown = Workspace.display(path)
        try refuseDirectory(path, own)
        let refused = refusal(shown, "a file \(own.displayName) can use", own)
        switch inspect(path) {
        case .missing where reading:
            throw CourseError.input(
                """
                no database at \(shown): this subcommand only reads, so it does not create one
                  \(advice(path, own, reading: true))
                """)
        case .missing:
            return
        case .database(let contents) where contents.isEmpty && own.setsUpEmptyFiles:
            return
        case .database(let contents) where usable.contains(where: { $0.describes(contents) }):
            return
        case .database(let contents):
            let lines = [refused, holds(contents, own)] + readWithMaker(contents, shown) + [advice(path, own)]
            throw CourseError.input(lines.joined(separator: "\n  "))
        case .notADatabase(let error) where error.extendedResultCode == readOnlyRollback && reading:
            // A writer died mid-transaction: its hot journal holds the pages as the last commit left them.
            var report = ErrorReport(
                "another program stopped while writing \(shown) and left its journal to roll back; "
                    + "\(own.displayName) only reads here, and rolling back is a write, so it left the file untouched",
                error: error)
            report.fix =
                "run any writing command of \(own.displayName), or open it with sqlite3 "
                + "(sqlite3 \(shown) \"PRAGMA integrity_check\"), to roll its journal back"
            throw CourseError(report: report)
        case .notADatabase(let error) where error.extendedResultCode == readOnlyRollback:
            try rollBack(path, shown)
            try check(location, for: step, migrations: migrations, reading: reading)
        case .notADatabase(let error):
            throw unreadable(refused, error, advice(path, own))
        }
    }
    // [/docs:check]

    /// SQLITE_READONLY_ROLLBACK (776): a read-only connection found a hot
    /// journal it may not roll back. (A C macro Swift does not import: `SQLITE_READONLY | (3<<8)`.)
    static let readOnlyRollback: Int32 = SQLITE_READONLY | (3 << 8)

    /// Rolls back the hot journal a writer that died mid-transaction left: an
    /// ordinary read-write connection does it before its first read (a write,
    /// so the step says so), and the file is then as the last commit left it.
    static func rollBack(_ path: String, _ shown: String) throws {
        var db: OpaquePointer?
        defer { sqlite3_close_v2(db) }
        let sql = "SELECT count(*) FROM sqlite_schema"
        var code = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, nil)
        if code == SQLITE_OK {
            sqlite3_busy_timeout(db, BusyTimeout.milliseconds)
            code = sqlite3_exec(db, sql, nil, nil, nil)
        }
        guard code == SQLITE_OK else {
            throw CourseError(
                report: ErrorReport(
                    "could not roll back the journal another program left in \(shown)",
                    error: SQLiteError(connection: db, resultCode: code, sql: sql)))
        }
        FileHandle.standardError.write(
            Data("another program stopped while writing \(shown): rolled its journal back to the last commit\n".utf8))
    }

    /// Refuses a directory given as the database (SQLite would fail to read it
    /// with SQLITE_IOERR_READ, "disk I/O error", which does not say why).
    static func refuseDirectory(_ path: String, _ own: StepFileKind) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return
        }
        let file = URL(fileURLWithPath: path).appendingPathComponent("\(own.step).sqlite").path
        throw CourseError.input(
            """
            \(Workspace.display(path)) is a directory, not a database file; \(own.displayName) left it untouched
              Give --database the path of a file, e.g. --database \(Workspace.display(file))
            """)
    }

    /// The first line of a refusal: "x.sqlite is not a file step 4 can use; step 4 left it untouched".
    static func refusal(_ shown: String, _ wanted: String, _ own: StepFileKind) -> String {
        "\(shown) is not \(wanted); \(own.displayName) left it untouched"
    }

    /// The refusal of a file SQLite cannot read, with SQLite's code and message.
    static func unreadable(_ refused: String, _ error: SQLiteError, _ advice: String) -> CourseError {
        let what = [refused + ": SQLite cannot read it as a database", advice]
        return CourseError(report: ErrorReport(what.joined(separator: "\n  "), error: error))
    }

    /// What the file holds, and which step made it when that can be told.
    static func holds(_ contents: Contents, _ own: StepFileKind) -> String {
        let tables = contents.tables.sorted().joined(separator: ", ")
        guard !contents.isEmpty else { return "it is empty, and \(own.displayName) does not set up new files" }
        // A later version of this step's app: its migrations begin with all of this
        // step's, in order, and go on. (Step 8's begin with the catalog: another app, not step 7's next.)
        let newer = contents.migrations.dropFirst(own.migrations.count)
        let later =
            !own.migrations.isEmpty && !newer.isEmpty && contents.migrations.starts(with: own.migrations)
            ? "a later version of \(own.displayName) (migrations it does not know: \(newer.joined(separator: ", "))); "
                + "\(own.displayName) is older than the file and cannot know what those migrations did"
            : nil
        switch (contents.kind, later) {
        case (let kind?, let later?):
            return "it is a \(kind.displayName) file, \(kind.summary) (tables: \(tables)): \(later)"
        case (let kind?, nil): return "it is a \(kind.displayName) file, \(kind.summary) (tables: \(tables))"
        case (nil, let later?): return "it holds the tables \(tables), made by \(later)"
        case (nil, nil): return "it holds the tables \(tables): no step of this course makes a file like it"
        }
    }

    /// How to read the file with the step that made it.
    static func readWithMaker(_ contents: Contents, _ shown: String) -> [String] {
        guard let kind = contents.kind else { return [] }
        return [
            "To read it with \(kind.displayName): make \(kind.step) ARGS=\"\(kind.readCommand) --database \(shown)\""
        ]
    }

    /// What to do instead. For the step's own file (db/stepN.sqlite, which
    /// a later step may have upgraded), first a way that keeps its data:
    /// moving it aside (`mv -n` never overwrites a file already there).
    static func advice(_ path: String, _ own: StepFileKind, reading: Bool = false) -> String {
        let ownFile = Workspace.databaseDirectory.appendingPathComponent("\(own.step).sqlite").standardizedFileURL.path
        if URL(fileURLWithPath: path).standardizedFileURL.path == ownFile {
            let kept = Workspace.display(
                Workspace.databaseDirectory.appendingPathComponent("\(own.step)-kept.sqlite").path)
            return "To keep its data, move it aside (mv -n \(Workspace.display(path)) \(kept)): \(own.displayName) "
                + "then starts afresh, and the moved file keeps every row. `make reset` deletes it (with every file in db/)."
        }
        let wanted = reading ? "a file it made" : own.setsUpEmptyFiles ? "a new file" : "a file with \(own.summary)"
        let inDB =
            URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
            == Workspace.databaseDirectory.standardizedFileURL.path
        return "Give \(own.displayName) \(wanted) (--database PATH), or none to use db/\(own.step).sqlite"
            + (inDB ? "; `make reset` deletes every file in db/." : ".")
    }
}

// MARK: - A subcommand that reads any file with certain tables

extension DatabaseFile {
    // [docs:check-tables]
    /// Refuses, before anything opens it, a file that is missing, that SQLite
    /// cannot read, or that lacks one of `tables`, whoever made it: for a
    /// subcommand that only reads, and reads any database holding those
    /// tables (step 8's `verify`, any Northwind database). `wanted` says what
    /// such a file is: "a Northwind database".
    public static func check(_ path: String, holding tables: Set<String>, for step: String, wanted: String) throws {
        guard let own = StepFileKind.all.first(where: { $0.step == step }) else { return }
        let shown = Workspace.display(path)
        let refused = refusal(shown, wanted, own)
        let advice = "Give \(own.displayName) \(wanted) (--database PATH)."
        try refuseDirectory(path, own)
        switch inspect(path) {
        case .missing:
            throw CourseError.input("no database at \(shown)\n  \(advice)")
        case .database(let contents):
            // SQLite's table names ignore case, as GRDB's queries do.
            let present = Set(contents.tables.map { $0.lowercased() })
            let missing = tables.filter { !present.contains($0.lowercased()) }.sorted()
            guard !missing.isEmpty else { return }
            let lacks =
                (contents.isEmpty ? "it is empty: it has none" : "it lacks \(missing.count)")
                + " of the \(tables.count) tables needed: \(missing.joined(separator: ", "))"
            let what = contents.isEmpty ? [] : [holds(contents, own)] + readWithMaker(contents, shown)
            throw CourseError.input(([refused, lacks] + what + [advice]).joined(separator: "\n  "))
        case .notADatabase(let error):
            throw unreadable(refused, error, advice)
        }
    }
    // [/docs:check-tables]
}

extension DatabaseOptions {
    /// `location(defaultFile:)`, checked: refuses a file this step cannot use
    /// (see `DatabaseFile.check`). `reading`: the subcommand only reads, so a
    /// missing `--database` file is an error, not a new file.
    public func checkedLocation(
        defaultFile: String, for step: String, migrations: [String]? = nil, reading: Bool = false
    ) throws -> DatabaseLocation {
        let location = try location(defaultFile: defaultFile)
        try DatabaseFile.check(location, for: step, migrations: migrations, reading: reading && database != nil)
        // `--database db/mine.sqlite` works on a fresh clone too, where db/ does not exist yet.
        if case .file(let path) = location, !reading,
            URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL
                == Workspace.databaseDirectory.standardizedFileURL
        {
            _ = try Workspace.databasePath(URL(fileURLWithPath: path).lastPathComponent)
        }
        return location
    }
}
