import CourseCore
import CourseGRDB
import Foundation
import GRDB

// The cache: its schema comes from a SQL file bundled with the executable,
// and everything `list`, `search` and `show` need is read from it alone.

/// A text file from step 7's resources (Steps/step7/Resources), which SwiftPM
/// copies next to the executable and `Bundle.module` finds at run time.
func bundledResource(_ name: String, _ fileExtension: String) throws -> URL {
    guard let url = Bundle.module.url(forResource: name, withExtension: fileExtension) else {
        throw CourseError(
            report: ErrorReport(
                "the resource \(name).\(fileExtension) is missing from step7's bundle",
                fix: "rebuild it: swift build --product step7"))
    }
    return url
}

// [docs:migrations]
/// The cache's migrations. The first one runs BodiesDB-001.sql as it is.
///
/// A migration runs once per database: GRDB records its name in the table
/// `grdb_migrations` and skips it next time. A later change to the schema
/// would be a second file, BodiesDB-002.sql, registered as a second migration,
/// never an edit of the first (databases that already ran it would not see it).
func cacheMigrator() throws -> DatabaseMigrator {
    let schemaFile = try bundledResource("BodiesDB-001", "sql")
    let schema = try attempt("read BodiesDB-001.sql") { try String(contentsOf: schemaFile, encoding: .utf8) }
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1 BodiesDB-001.sql") { db in
        try db.execute(sql: schema) // the file's CREATE TABLE and CREATE INDEX
    }
    return migrator
}
// [/docs:migrations]

/// Opens the cache at `location` and brings its schema up to date.
func openCache(_ location: DatabaseLocation, trace: Bool, narrator: Narrator) throws -> DatabaseQueue {
    let configuration = CourseGRDB.configuration(trace: trace, narrator: narrator)
    let cache = try CourseGRDB.openQueue(location, configuration: configuration)
    let migrator = try cacheMigrator()
    try attempt("prepare the cache in \(location.display)") { try migrator.migrate(cache) }
    return cache
}

// [docs:queries]
extension SolarBody {
    /// Every cached body, by English name.
    static func all(_ db: Database) throws -> [SolarBody] {
        // SELECT * FROM solar_body ORDER BY english_name
        try SolarBody.order(Columns.englishName).fetchAll(db)
    }

    /// The bodies whose English name contains `text`, ignoring case.
    ///
    /// LIKE treats `%` (any text) and `_` (any character) as wildcards, so
    /// they are escaped, with `\` (itself escaped first): a search for "%"
    /// finds names containing a percent sign, not every name. Quotes need
    /// nothing: the pattern is a bound value, never part of the SQL text.
    /// LIKE ignores the case of ASCII letters only ("é" does not match "É").
    static func search(_ db: Database, text: String) throws -> [SolarBody] {
        let escaped = text
            .replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
        // SELECT * FROM solar_body WHERE english_name LIKE '%…%' ESCAPE '\' ORDER BY english_name
        return try SolarBody
            .filter(Columns.englishName.like("%\(escaped)%", escape: "\\"))
            .order(Columns.englishName)
            .fetchAll(db)
    }
}
// [/docs:queries]
