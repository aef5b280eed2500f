import CourseCore
import CourseGRDB
import Foundation
import GRDB

/// Step 9's database: the one door to a file that several processes share.
/// Its writer is private (GRDB's demo style); it offers what the app does:
/// add entries, count them.
struct AppDatabase: Sendable {
    private let dbWriter: any DatabaseWriter

    /// Read-only access, for the tour's own queries and `async` reads.
    var reader: any DatabaseReader { dbWriter }

    private init(_ dbWriter: any DatabaseWriter) { self.dbWriter = dbWriter }

    /// The migrations, in order (GRDB records each one in grdb_migrations).
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createEntry") { db in
            // CREATE TABLE "entry" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "worker" INTEGER NOT NULL, "number" INTEGER NOT NULL)
            try db.create(table: "entry") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("worker", .integer).notNull()
                table.column("number", .integer).notNull()
            }
        }
        return migrator
    }

    /// Opens `location` with `configuration`: a file as a `DatabasePool` (WAL
    /// mode: readers never wait for the writer), `--in-memory` as a
    /// `DatabaseQueue` (a pool needs a file). `migrate`: bring the schema up to
    /// date. write-load's workers open a file the parent has migrated, and never
    /// migrate it themselves (two processes would race to create the table).
    /// `reading`: a subcommand that only reads (`list`) opens the file read-only
    /// (see `CourseGRDB.openForReading`): a pool would write to it even so.
    static func open(
        _ location: DatabaseLocation, configuration: Configuration, migrate: Bool = true, reading: Bool = false
    ) throws -> AppDatabase {
        if reading {
            return AppDatabase(
                try CourseGRDB.openForReading(location, configuration: configuration, migrator: migrator))
        }
        let writer: any DatabaseWriter = try attemptOpen(location) {
            switch location {
            case .file(let path): try DatabasePool(path: path, configuration: configuration)
            case .inMemory: try DatabaseQueue(configuration: configuration)
            }
        }
        if migrate {
            try attempt("prepare \(location.display)") { try migrator.migrate(writer) }
        }
        return AppDatabase(writer)
    }

    /// Adds one entry numbered `number`, in a transaction of its own.
    func addEntry(worker: Int, number: Int) throws {
        try dbWriter.write { db in  // BEGIN IMMEDIATE TRANSACTION
            var entry = Entry(worker: worker, number: number)
            try entry.insert(db)  // INSERT INTO "entry" ("worker", "number") VALUES (?, ?)
        }  // COMMIT TRANSACTION
    }

    /// The highest number `worker` has stored; 0 before its first entry.
    func lastNumber(worker: Int) throws -> Int {
        try dbWriter.read { db in try Self.lastNumber(worker: worker, db) }  // BEGIN DEFERRED … COMMIT
    }

    /// The highest number `worker` has stored, read in `db`'s transaction.
    private static func lastNumber(worker: Int, _ db: Database) throws -> Int {
        // SELECT MAX("number") FROM "entry" WHERE "worker" = ?
        try Entry.filter(Entry.Columns.worker == worker).select(max(Entry.Columns.number), as: Int.self)
            .fetchOne(db) ?? 0
    }

    // [docs:next-entry]
    /// Adds `worker`'s next entry: reads its last number and writes the next
    /// one, in ONE transaction, so no other write can come in between (a
    /// read-modify-write split in two transactions can lose an update).
    /// `kind`: `.immediate`, as GRDB's `write { … }` begins, or `.deferred` (`--deferred`).
    /// `meanwhile` runs between the read and the insert, where another write
    /// would lose this one's update if it could get in (the tour starts one there).
    /// Returns the number written.
    @discardableResult
    func addNextEntry(worker: Int, kind: Database.TransactionKind = .immediate, meanwhile: () -> Void = {}) throws
        -> Int
    {
        try dbWriter.writeWithoutTransaction { db in
            var entry = Entry(worker: worker, number: 0)
            try db.inTransaction(kind) {  // BEGIN IMMEDIATE TRANSACTION (or BEGIN DEFERRED TRANSACTION)
                let last = try Self.lastNumber(worker: worker, db)  // SELECT MAX("number") FROM "entry" WHERE …
                meanwhile()
                entry.number = last + 1
                try entry.insert(db)  // INSERT INTO "entry" ("worker", "number") VALUES (?, ?)
                return .commit  // COMMIT TRANSACTION
            }
            return entry.number
        }
    }
    // [/docs:next-entry]

    /// How many entries of `worker` are numbered `number`.
    func entries(worker: Int, number: Int) throws -> Int {
        try dbWriter.read { db in
            // SELECT COUNT(*) FROM "entry" WHERE "worker" = ? AND "number" = ?
            try Entry.filter(Entry.Columns.worker == worker && Entry.Columns.number == number).fetchCount(db)
        }
    }

    /// How many entries the file holds.
    func entryCount() throws -> Int {
        try dbWriter.read { db in try Entry.fetchCount(db) }  // SELECT COUNT(*) FROM "entry"
    }

    /// Entries per worker, by worker.
    func countsByWorker() throws -> [(worker: Int, count: Int)] {
        try dbWriter.read { db in
            // SELECT "worker", COUNT(*) FROM "entry" GROUP BY "worker" ORDER BY "worker"
            let request = Entry.select(Entry.Columns.worker, count(Column.rowID))
                .group(Entry.Columns.worker).order(Entry.Columns.worker)
            let rows = try Row.fetchAll(db, request)
            return rows.map { (worker: $0[0], count: $0[1]) }
        }
    }

    /// SQLite's own check of the whole file: "ok" when nothing is wrong.
    func integrityCheck() throws -> [String] {
        try dbWriter.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }

    /// Closes the connections. The file's last connection to close checkpoints
    /// the WAL into the file and deletes it (SQLite does this on close).
    func close() throws {
        try attempt("close the database") { try dbWriter.close() }
    }

    /// The async door: a read that suspends instead of blocking a thread.
    /// `[Entry]` is Sendable, so it may cross from GRDB's reader to the caller.
    func latestEntries(_ limit: Int) async throws -> [Entry] {
        // SELECT * FROM "entry" ORDER BY "id" DESC LIMIT ?
        try await dbWriter.read { db in try Entry.order(Column.rowID.desc).limit(limit).fetchAll(db) }
    }

    /// The number of entries, each time it changes, as an async sequence.
    func entryCounts() -> AsyncValueObservation<Int> {
        // SELECT COUNT(*) FROM "entry", again after each commit that touches "entry"
        ValueObservation.tracking { db in try Entry.fetchCount(db) }.removeDuplicates().values(in: dbWriter)
    }
}
