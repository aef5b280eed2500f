import CourseCore
import CourseGRDB
import Foundation
import GRDB

// The cache: its schema comes from a SQL file bundled with the executable,
// and everything `list`, `search` and `show` need is read from it alone.

/// The cache's database: the one door to the file. Its writer is private
/// (GRDB's demo style); it offers what the app does: list, search, show, sync.
struct AppDatabase {
    private let dbWriter: any DatabaseWriter

    /// Read-only access, for the tour's own queries.
    var reader: any DatabaseReader { dbWriter }

    private init(_ dbWriter: any DatabaseWriter) { self.dbWriter = dbWriter }

    // [docs:migrations]
    /// The cache's migrations. The first one runs BodiesDB-001.sql as it is.
    ///
    /// A migration runs once per database: GRDB records its name in the table
    /// `grdb_migrations` and skips it next time. A later change to the schema
    /// would be a second file, BodiesDB-002.sql, registered as a second migration,
    /// never an edit of the first (databases that already ran it would not see it).
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 BodiesDB-001.sql") { db in
            try db.execute(sql: try bundledText("BodiesDB-001", "sql"))  // the file's CREATE TABLE and CREATE INDEX
        }
        return migrator
    }
    // [/docs:migrations]

    /// Opens the cache at `location` and brings its schema up to date.
    /// `reading`: an up-to-date file is opened read-only (`CourseGRDB.openForReading`).
    static func open(_ location: DatabaseLocation, reading: Bool = false, trace: Bool, narrator: Narrator) throws
        -> AppDatabase
    {
        let configuration = CourseGRDB.configuration(trace: trace, narrator: narrator)
        if reading {
            return AppDatabase(
                try CourseGRDB.openForReading(location, configuration: configuration, migrator: migrator))
        }
        let cache = try CourseGRDB.openQueue(location, configuration: configuration)
        try attempt("prepare the cache in \(location.display)") { try migrator.migrate(cache) }
        return AppDatabase(cache)
    }

    /// Every cached body, by English name.
    func bodies() throws -> [SolarBody] {
        try dbWriter.read { db in try SolarBody.all(db) }
    }

    // [docs:count]
    /// How many bodies the cache holds, counted by SQLite: no row is read into Swift.
    func bodyCount() throws -> Int {
        try dbWriter.read { db in try SolarBody.fetchCount(db) }  // SELECT COUNT(*) FROM solar_body
    }
    // [/docs:count]

    /// The bodies whose English name contains `text`, any case, no wildcards.
    func search(_ text: String) throws -> [SolarBody] {
        try dbWriter.read { db in try SolarBody.search(db, text: text) }
    }

    /// One body, or nil.
    func body(id: String) throws -> SolarBody? {
        // SELECT * FROM solar_body WHERE id = ?
        try dbWriter.read { db in try SolarBody.fetchOne(db, key: id) }
    }

    /// Makes the cache hold exactly `fetched`, in one transaction (see `sync`).
    @discardableResult
    func sync(with fetched: [SolarBody], checkpoint: (SyncStage, SyncPlan) throws -> Void = { _, _ in }) throws
        -> SyncPlan
    {
        try step7.sync(dbWriter, with: fetched, checkpoint: checkpoint)
    }

    /// SQLite's count of rows this connection has changed (sqlite3_total_changes).
    func changeCount() throws -> Int {
        try dbWriter.read { db in db.totalChangesCount }
    }
}

/// A file from step 7's resources (Steps/step7/Resources), which SwiftPM
/// copies next to the executable and `Bundle.module` finds at run time.
func bundledResource(_ name: String, _ fileExtension: String) throws -> URL {
    guard let url = Bundle.module.url(forResource: name, withExtension: fileExtension) else {
        throw CourseError(
            report: ErrorReport(
                "the resource \(name).\(fileExtension) is missing from step7's bundle",
                fix: "rebuild and run it: make step7"))
    }
    return url
}

/// A bundled text file's contents.
func bundledText(_ name: String, _ fileExtension: String) throws -> String {
    let url = try bundledResource(name, fileExtension)
    return try attempt("read \(name).\(fileExtension)") { try String(contentsOf: url, encoding: .utf8) }
}

// [docs:queries]
extension SolarBody {
    /// Every cached body, by English name.
    static func all(_ db: Database) throws -> [SolarBody] {
        // SELECT * FROM solar_body ORDER BY english_name
        try SolarBody.order(Columns.englishName).fetchAll(db)
    }

    /// The bodies whose `column` (by default the English name) contains
    /// `text`, ignoring case for every letter: "øresund" finds "Øresund",
    /// "ÉLAN" finds "élan". `%`, `_` and quotes are plain characters.
    /// `containsIgnoringCase` is the course's, shared with step 6's search.
    static func search(_ db: Database, text: String, in column: Column = Columns.englishName) throws -> [SolarBody] {
        // SELECT * FROM solar_body
        // WHERE instr(swiftLowercaseString(english_name), ?) > 0   -- ? is the text, lowercased
        // ORDER BY english_name
        try SolarBody
            .filter(column.containsIgnoringCase(text))
            .order(Columns.englishName)
            .fetchAll(db)
    }
}
// [/docs:queries]
