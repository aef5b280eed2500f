import CourseCore
import CourseTestSupport
import Foundation
import GRDB
import Testing

@testable import step8

/// `verify --database FILE` reads any Northwind database, whoever made it,
/// and refuses any other file before GRDB opens it: the file keeps every
/// byte, and no companion file appears beside it.
@Suite(.temporaryDirectory) struct VerifyTests {
    /// A file and its companions, byte for byte (nil: absent).
    struct Bytes: Equatable {
        var files: [String: Data?]
        init(_ path: String) {
            files = Dictionary(
                uniqueKeysWithValues: ["", "-wal", "-shm", "-journal"].map { suffix in
                    (suffix, FileManager.default.contents(atPath: path + suffix))
                })
        }
    }

    /// Runs `verify` on `path`, which it must refuse with status 1, leaving the file as it was.
    func refusal(_ path: String, in directory: TemporaryDirectory) throws -> String {
        let before = Bytes(path)
        let result = try StepProcess.run("step8", ["verify", "--database", path], in: directory)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(Bytes(path) == before, "verify changed \(path) or a file beside it")
        return result.stderr
    }

    @Test func aFileThatIsNotADatabaseIsRefusedWithSQLitesCode() throws {
        let directory = try TemporaryDirectory.current
        let path = directory.file("notes.sqlite")
        try Data("these are notes, not a database".utf8).write(to: URL(fileURLWithPath: path))
        let stderr = try refusal(path, in: directory)
        #expect(stderr.contains("notes.sqlite is not a Northwind database; step 8 left it untouched"), "\(stderr)")
        #expect(stderr.contains("result code: 26 SQLITE_NOTADB"), "\(stderr)")
    }

    @Test func aStep1FileIsRefusedNamingEveryMissingTable() throws {
        let directory = try TemporaryDirectory.current
        let path = directory.file("players.sqlite")
        #expect(try StepProcess.run("step1", ["add", "Zed", "--database", path], in: directory).status == 0)
        let stderr = try refusal(path, in: directory)
        #expect(
            stderr.contains(
                "it lacks 13 of the 13 tables needed: Categories, CustomerCustomerDemo, CustomerDemographics, "
                    + "Customers, EmployeeTerritories, Employees, Order Details, Orders, Products, Regions, "
                    + "Shippers, Suppliers, Territories"), "\(stderr)")
        #expect(stderr.contains("it is a step 1 file, players"), "\(stderr)")
        #expect(stderr.contains(#"To read it with step 1: make step1 ARGS="list --database "#), "\(stderr)")
    }

    /// Step 8's own file holds the catalog but none of the sales tables.
    @Test func aStep8FileIsRefusedNamingTheSalesTables() throws {
        let directory = try TemporaryDirectory.current
        let path = directory.file("mine.sqlite")
        #expect(try StepProcess.run("step8", ["sync", "--database", path], in: directory).status == 0)
        let stderr = try refusal(path, in: directory)
        #expect(stderr.contains("it lacks 10 of the 13 tables needed: CustomerCustomerDemo,"), "\(stderr)")
        #expect(!stderr.contains("needed: Categories"), "\(stderr)")
        #expect(stderr.contains("it is a step 8 file, a catalog and a cache of solar bodies"), "\(stderr)")
    }

    /// Step 4's file is in WAL mode: a connection that opened it, even a
    /// read-only one, would create -wal and -shm files beside it.
    @Test func aStep4WALFileKeepsItsBytesAndGetsNoCompanions() throws {
        let directory = try TemporaryDirectory.current
        let path = directory.file("items.sqlite")
        #expect(try StepProcess.run("step4", ["add", "Fig", "1", "--database", path], in: directory).status == 0)
        // Bytes 18 and 19 of the header are 2 in a WAL-mode database (SQLite's file format, §1.3.3).
        let header = try #require(FileManager.default.contents(atPath: path)?.prefix(20))
        #expect(Array(header.suffix(2)) == [2, 2], "step 4's file is not in WAL mode")
        #expect(Bytes(path).files.filter { $0.key != "" }.allSatisfy { $0.value == nil }, "companions before verify")
        let stderr = try refusal(path, in: directory)
        #expect(stderr.contains("it is a step 4 file, items"), "\(stderr)")
    }

    @Test func aDatabaseNoStepMadeAndAnEmptyFileAreRefused() throws {
        let directory = try TemporaryDirectory.current
        let other = directory.file("other.sqlite")
        try DatabaseQueue(path: other).write { db in try db.execute(sql: "CREATE TABLE t (x)") }
        let stderr = try refusal(other, in: directory)
        #expect(stderr.contains("it holds the tables t: no step of this course makes a file like it"), "\(stderr)")
        let empty = directory.file("empty.sqlite")
        try Data().write(to: URL(fileURLWithPath: empty))
        let emptyError = try refusal(empty, in: directory)
        #expect(emptyError.contains("it is empty: it has none of the 13 tables needed: Categories,"), "\(emptyError)")
    }

    @Test func aMissingFileIsRefusedAndNotCreated() throws {
        let directory = try TemporaryDirectory.current
        let path = directory.file("nowhere.sqlite")
        let stderr = try refusal(path, in: directory)
        #expect(stderr.contains("no database at"), "\(stderr)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}

/// What `verify` catches and what it cannot, on a Northwind-shaped database
/// made from step 8's own schema files (ordinary tables, not STRICT).
@Suite struct VerifyDecodingTests {
    func northwindShaped() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.write { db in try db.execute(sql: CatalogSchema.sql + NorthwindSalesSchema.sql) }
        return queue
    }

    /// A value its generated type cannot hold (a number in a DATETIME column,
    /// generated as String) fails `verify`, naming the table, column and value.
    @Test func aValueTheRecordCannotReadFailsNamingTheTable() throws {
        let queue = try northwindShaped()
        try queue.write { db in try db.execute(sql: "INSERT INTO Orders (OrderDate) VALUES (20160704)") }
        let error = try #require(throws: CourseError.self, performing: { try queue.read { db in try verify(db) } })
        #expect(error.description.contains("could not read every row of \"Orders\""), "\(error)")
        #expect(error.description.contains("Orders.OrderDate holds 20160704"), "\(error)")
    }

    /// Text in an INTEGER column fails too: GRDB alone would read 'lots' as 0
    /// (it reads an Int64 with sqlite3_column_int64), the generated record's
    /// checked read refuses it.
    @Test func textInAnIntegerColumnFailsNamingTheColumnAndValue() throws {
        let queue = try northwindShaped()
        let (stored, error) = try queue.write { db in
            try db.execute(sql: "UPDATE Products SET UnitsInStock = 'lots' WHERE ProductID = 1")
            let error = #expect(throws: CourseError.self) { try verify(db) }
            return (try String.fetchOne(db, sql: "SELECT UnitsInStock FROM Products WHERE ProductID = 1"), error)
        }
        #expect(stored == "lots")
        #expect(
            error?.description.contains("Products.UnitsInStock holds \"lots\"") == true, "\(String(describing: error))")
    }
}
