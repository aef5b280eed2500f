import CourseCore
import CourseTestSupport
import Foundation
import GRDB
import Testing

@testable import step6

/// The bundled catalog: built from its SQL, shipped read-only, copied once.
@Suite(.temporaryDirectory) struct CatalogTests {
    static let sqlSource = workspaceRoot.appendingPathComponent("Steps/step6/Resources/catalog.sql")
    static let committed = workspaceRoot.appendingPathComponent("Steps/step6/Resources/catalog.sqlite")

    /// `make catalog` must have been run after the last change to catalog.sql.
    @Test func committedDatabaseIsWhatTheSQLBuilds() throws {
        let directory = try TemporaryDirectory.current
        let built = directory.file("built.sqlite")
        let sql = try String(contentsOf: Self.sqlSource, encoding: .utf8)
        try DatabaseQueue(path: built).writeWithoutTransaction { db in try db.execute(sql: sql) }

        let expected = try databaseSnapshot(built)
        #expect(
            try databaseSnapshot(Self.committed.path) == expected,
            "Steps/step6/Resources/catalog.sqlite is stale: run `make catalog` and commit it")
        #expect(
            try databaseSnapshot(Catalog.bundledURL().path) == expected,
            "the bundled copy differs from catalog.sql: rebuild with `swift build`")
    }

    @Test func catalogHasItsRowsAndValidForeignKeys() throws {
        let queue = try Catalog.openBundled(narrator: Narrator(write: { _ in }), trace: false)
        try queue.read { db in
            #expect(try Table("Categories").fetchCount(db) == 8)
            #expect(try Table("Suppliers").fetchCount(db) == 10)
            #expect(try Table("Products").fetchCount(db) == 40)
            // Every product points at an existing category and supplier.
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
            // Discontinued is stored as Northwind stores it: the text '0' or '1'.
            let flags = try String.fetchAll(
                db, sql: "SELECT DISTINCT typeof(Discontinued) || ':' || Discontinued FROM Products ORDER BY 1")
            #expect(flags == ["text:0", "text:1"])
        }
    }

    @Test func bundledCatalogRefusesWrites() throws {
        let queue = try Catalog.openBundled(narrator: Narrator(write: { _ in }), trace: false)
        let error = #expect(throws: DatabaseError.self) {
            try queue.write { db in try db.execute(sql: "UPDATE Products SET UnitPrice = 0") }
        }
        #expect(error?.resultCode == .SQLITE_READONLY)
    }

    @Test func bootstrapCopiesOnceThenReusesTheCopy() throws {
        let bundled = try Catalog.bundledURL()
        let bundledBytes = try Data(contentsOf: bundled)
        let directory = try TemporaryDirectory.current
        let path = directory.file("step6.sqlite")

        #expect(try Catalog.bootstrap(copyingTo: path) == true)
        #expect(try databaseSnapshot(path) == databaseSnapshot(bundled.path))
        #expect(!FileManager.default.fileExists(atPath: path + ".partial"))
        // The copy is writable even if the bundle were not.
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o644)

        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "UPDATE Products SET UnitPrice = 99 WHERE ProductID = 1")
        }
        #expect(try Catalog.bootstrap(copyingTo: path) == false)
        let price = try DatabaseQueue(path: path).read { db in
            try Double.fetchOne(db, sql: "SELECT UnitPrice FROM Products WHERE ProductID = 1")
        }
        #expect(price == 99, "the second bootstrap must keep the learner's edits")
        #expect(try Data(contentsOf: bundled) == bundledBytes, "the bundled catalog was modified")
    }

    /// End to end: the first run copies, the second reuses; the bundle stays as it was.
    @Test func subcommandsCopyOnFirstRunOnly() throws {
        let bundled = try Catalog.bundledURL()
        let bundledBytes = try Data(contentsOf: bundled)
        let directory = try TemporaryDirectory.current

        let first = try StepProcess.run("step6", ["edit", "27", "--price", "20"], in: directory)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("(First run: copied the bundled catalog to db/step6.sqlite."))
        let second = try StepProcess.run("step6", ["show", "27"], in: directory)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(!second.stdout.contains("First run"))
        #expect(second.stdout.contains("unit price:    20.00"), "the edit was lost: \(second.stdout)")
        #expect(try Data(contentsOf: bundled) == bundledBytes)
    }

    /// `--in-memory` works on a copy in memory: nothing on disk changes or appears.
    @Test func inMemoryWorksOnAThrowawayCopy() throws {
        let directory = try TemporaryDirectory.current
        let result = try StepProcess.run("step6", ["edit", "1", "--price", "1", "--in-memory"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#"Products.UnitPrice: "11.5" → "1""#))
        #expect(!FileManager.default.fileExists(atPath: directory.file("db/step6.sqlite")))
    }

    @Test func missingDatabaseFileIsNotCreated() throws {
        let directory = try TemporaryDirectory.current
        let result = try StepProcess.run("step6", ["list", "--database", "missing.db"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderr.contains("no database at missing.db"))
        #expect(!FileManager.default.fileExists(atPath: directory.file("missing.db")))
    }

    @Test func tourMatchesGoldenFile() throws {
        try Golden.checkTour("step6")
    }
}
