import CourseCore
import CourseGRDB
import Foundation
import GRDB

/// Step 11's database: step 7's bodies cache, plus `body`, which keeps each
/// body's JSON document. Its writer is private; it offers what the app does:
/// sync, rank, follow orbits, read a field of the documents.
struct AppDatabase {
    private let dbWriter: any DatabaseWriter

    /// Read-only access, for the tour's own queries.
    var reader: any DatabaseReader { dbWriter }

    private init(_ dbWriter: any DatabaseWriter) { self.dbWriter = dbWriter }

    /// The default file under db/.
    static let defaultFile = "step11.sqlite"

    // [docs:migrator]
    /// Step 7's migration, under step 7's name (its SQL embedded at build time:
    /// Resources/ holds a symlink to step 7's file), then the documents table.
    /// A step 7, 8 or 10 file has run step 7's already (steps 8 and 10 run it
    /// after their catalog's), so it is upgraded in place: it gets the
    /// documents table only. GRDB's migrator skips the migrations a file
    /// records that it does not know (`v1 catalog.sql`, `v10 full-text
    /// search`): their tables stay, untouched.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 BodiesDB-001.sql") { db in
            try db.execute(sql: String(decoding: PackageResources.BodiesDB_001_sql, as: UTF8.self))
        }
        migrator.registerMigration("v11 body documents") { db in
            try db.execute(sql: bodySchema)
        }
        return migrator
    }
    // [/docs:migrator]

    /// Opens the subcommand's database once step 11 knows it can use it (see
    /// DatabaseFile.check), and upgrades it. `reading`: a missing file is an
    /// error, and an up-to-date file is opened read-only.
    static func open(_ options: DatabaseOptions, reading: Bool = false, narrator: Narrator) throws -> AppDatabase {
        let location = try options.checkedLocation(
            defaultFile: defaultFile, for: "step11", migrations: migrator.migrations, reading: reading)
        return try open(location, reading: reading, trace: options.trace, narrator: narrator)
    }

    /// Opens the database at `location` and brings its schema up to date.
    /// `reading`: an up-to-date file is opened read-only (`CourseGRDB.openForReading`).
    static func open(_ location: DatabaseLocation, reading: Bool = false, trace: Bool, narrator: Narrator) throws
        -> AppDatabase
    {
        let configuration = CourseGRDB.configuration(trace: trace, narrator: narrator)
        if reading {
            return AppDatabase(
                try CourseGRDB.openForReading(location, configuration: configuration, migrator: migrator))
        }
        let queue = try CourseGRDB.openQueue(location, configuration: configuration)
        try attempt("prepare \(location.display) for body documents") { try migrator.migrate(queue) }
        return AppDatabase(queue)
    }

    // MARK: - Writing

    /// Makes `body` hold exactly the bodies of `json`, in one transaction.
    func sync(json: String) throws -> SyncReport {
        try dbWriter.write { db in try syncDocuments(db, json: json) }
    }

    /// The tour's own writes, in one transaction; `rollback`: undone at the
    /// end whatever happened, so the file is left as it was.
    func writeForTour<T>(rollback: Bool = false, _ body: (Database) throws -> T) throws -> T {
        guard rollback else { return try dbWriter.write(body) }
        return try dbWriter.writeWithoutTransaction { db in
            var result: Result<T, any Error> = .failure(CourseError.input("the transaction did not run"))
            try db.inTransaction {
                result = Result { try body(db) }
                return .rollback
            }
            return try result.get()
        }
    }

    /// SQLite's count of rows this connection has changed (sqlite3_total_changes).
    func changeCount() throws -> Int {
        try dbWriter.read { db in db.totalChangesCount }
    }

    // MARK: - Reading

    /// Runs `body` on a read-only connection.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try dbWriter.read(body)
    }

    /// How many documents `body` holds (none before the first sync).
    func documentCount() throws -> Int {
        try dbWriter.read { db in try BodyDocument.fetchCount(db) }
    }
}
