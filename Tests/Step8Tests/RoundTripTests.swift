import CourseCore
import CourseTestSupport
import Foundation
import GRDB
import RecordGenerator
import Testing

@testable import step7
@testable import step8

// A record fetched and saved unchanged writes back the values it read: for
// every table of the real Northwind (when the shared fixture is there) and of
// steps 6 to 8's databases, every row is fetched through step 8's generated
// records, saved with `update`, and each column's `quote()` — its storage
// class and bytes — compared before and after.

/// The real Northwind, read only from the shared fixtures (never copied into
/// the repository): the compatibility tests skip when it is absent.
let realNorthwind = workspaceRoot.appendingPathComponent("../shared/fixtures/northwind/northwind.db").standardized

/// One table's round trip: its rows and columns, and how many rows an
/// unchanged save changed (0 is the invariant).
struct RoundTrip: Equatable, CustomStringConvertible {
    var table: String
    var rows: Int
    var columns: Int
    var changed: Int

    var description: String { "| \(table) | \(rows) | \(columns) | \(changed) |" }
}

/// Every row of `Record`'s table, as text: each column's `quote()`, which
/// shows the storage class (`'18'` is text, `18` an integer, `18.0` a real).
func quotedRows(of table: String, _ db: Database) throws -> (rows: [String], columns: Int) {
    let columns = try db.columns(in: table).map { "quote(\($0.name.quotedDatabaseIdentifier))" }
    let sql = "SELECT \(columns.joined(separator: " || char(31) || ")) FROM \(table.quotedDatabaseIdentifier)"
    return (try String.fetchAll(db, sql: sql), columns.count)
}

/// Fetches every row of `Record`'s table, saves each unchanged (`update`:
/// every column), and counts the rows whose values are no longer as they were.
func roundTrip<Record: FetchableRecord & MutablePersistableRecord>(_: Record.Type, _ db: Database) throws -> RoundTrip {
    let table = Record.databaseTableName
    let before = try quotedRows(of: table, db)
    let records = try Record.fetchAll(db)
    for record in records { try record.update(db) }
    var unmatched = try quotedRows(of: table, db).rows
    var changed = 0
    for row in before.rows {
        if let index = unmatched.firstIndex(of: row) { unmatched.remove(at: index) } else { changed += 1 }
    }
    return RoundTrip(table: table, rows: records.count, columns: before.columns, changed: changed)
}

/// The round trip of every table `types` names, in one transaction rolled back.
func roundTrips(_ queue: DatabaseQueue, _ types: [any (FetchableRecord & TableRecord).Type]) throws -> [RoundTrip] {
    var results: [RoundTrip] = []
    try queue.inTransaction { db in
        for type in types {
            guard let record = type as? any (FetchableRecord & MutablePersistableRecord).Type else {
                Issue.record("\(type) cannot be saved")
                continue
            }
            results.append(try roundTrip(record, db))
        }
        return .rollback
    }
    return results
}

/// A database file copied into memory (the file itself is never opened for writing).
func inMemoryCopy(of url: URL) throws -> DatabaseQueue {
    var configuration = Configuration()
    configuration.readonly = true
    let source = try DatabaseQueue(path: url.path, configuration: configuration)
    let copy = try DatabaseQueue()
    try source.backup(to: copy)
    return copy
}

@Suite struct RoundTripTests {
    static let northwindTypes = CatalogSchema.recordTypes + NorthwindSalesSchema.recordTypes

    @Test(.enabled(if: FileManager.default.fileExists(atPath: realNorthwind.path), "no \(realNorthwind.path)"))
    func everyRowOfTheRealNorthwindSurvivesAnUnchangedSave() throws {
        let results = try roundTrips(try inMemoryCopy(of: realNorthwind), Self.northwindTypes)
        #expect(results.count == 13)
        #expect(results.reduce(0) { $0 + $1.rows } > 3000)
        #expect(results.filter { $0.changed != 0 } == [])
    }

    /// The real Northwind's declared types give the same Swift types as
    /// step 8's schema files, whose records the test above uses.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: realNorthwind.path), "no \(realNorthwind.path)"))
    func theRealNorthwindsTypesAreThoseOfStep8sSchemaFiles() throws {
        let real = try generateRecordsLines(from: [realNorthwind.path])
        let step8 = try generateRecordsLines(from: [
            workspaceRoot.appendingPathComponent("Steps/step8/Schema/catalog.sql").path,
            workspaceRoot.appendingPathComponent("Steps/step8/Schema/NorthwindSales.sql").path,
        ])
        #expect(real == step8)
    }

    // [docs:dates]
    /// Why a DATE column is a String: GRDB's `Date` reads '2016-07-04' and
    /// writes it back in its own format; `DatabaseDateComponents` keeps the
    /// format it read, but only the formats it knows ('T' becomes a space).
    @Test func grdbsDateTypesRewriteSomeDateTexts() throws {
        let written = try DatabaseQueue().write { db in
            try db.execute(sql: "CREATE TABLE t (day DATE, moment DATETIME)")
            try db.execute(sql: "INSERT INTO t VALUES ('2016-07-04', '2016-07-04T10:00:00')")
            let date = try Date.fetchOne(db, sql: "SELECT day FROM t")
            let components = try DatabaseDateComponents.fetchOne(db, sql: "SELECT moment FROM t")
            try db.execute(sql: "UPDATE t SET day = ?, moment = ?", arguments: [date, components])
            return try String.fetchOne(db, sql: "SELECT quote(day) || ' ' || quote(moment) FROM t")
        }
        #expect(written == "'2016-07-04 00:00:00.000' '2016-07-04 10:00:00'")
    }
    // [/docs:dates]

    @Test func everyRowOfStep6sCatalogSurvivesAnUnchangedSave() throws {
        let catalog = workspaceRoot.appendingPathComponent("Steps/step6/Resources/catalog.sqlite")
        let results = try roundTrips(try inMemoryCopy(of: catalog), CatalogSchema.recordTypes)
        #expect(results.map(\.table) == ["Categories", "Products", "Suppliers"])
        #expect(results.allSatisfy { $0.rows > 0 && $0.changed == 0 }, "\(results)")
    }

    /// Step 7's cache, filled by step 7 itself from both of its fixtures.
    @Test func everyRowOfStep7sCacheSurvivesAnUnchangedSave() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("cache.sqlite")
        let cache = try step7.AppDatabase.open(.file(path), trace: false, narrator: Narrator(write: { _ in }))
        try cache.sync(with: try step7.decodeBodies(fixtureData("v1"), from: "v1"))
        try cache.sync(with: try step7.decodeBodies(fixtureData("v2"), from: "v2"))
        let results = try roundTrips(try DatabaseQueue(path: path), BodiesDB001Schema.recordTypes)
        #expect(results.allSatisfy { $0.rows > 40 && $0.changed == 0 }, "\(results)")
    }

    /// Step 8's own schema files, run as SQL (the catalog's rows included).
    @Test func everyRowOfStep8sSchemaFilesSurvivesAnUnchangedSave() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in try db.execute(sql: CatalogSchema.sql + NorthwindSalesSchema.sql) }
        let results = try roundTrips(queue, Self.northwindTypes)
        #expect(results.count == 13 && results.allSatisfy { $0.changed == 0 }, "\(results)")
    }
}

/// Each generated record's property declarations (`public var …: Type`), by record.
func generateRecordsLines(from inputs: [String]) throws -> [String: [String]] {
    var properties: [String: [String]] = [:]
    var record = ""
    for file in try generateRecords(from: inputs) {
        for line in file.source.split(separator: "\n") {
            if line.hasPrefix("public struct ") { record = String(line) }
            if line.hasPrefix("    public var ") { properties[record, default: []].append(String(line)) }
        }
    }
    return properties
}
