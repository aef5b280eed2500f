import CourseCore
import CourseTestSupport
import Foundation
import GRDB
import Testing

@testable import step8

/// The real Northwind database (MIT), read where it lies: never copied into the repository.
let northwindPath = workspaceRoot.deletingLastPathComponent().appendingPathComponent(
    "shared/fixtures/northwind/northwind.db"
).path

/// Without `../shared` the suite is skipped, and the skip shows in the test report.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: northwindPath), "no Northwind database at \(northwindPath)"))
struct NorthwindTests {
    /// Every row of every table through the generated records, written back
    /// into a copy: the same raw rows (`SELECT *`, each column's `quote()`), so a
    /// column the generated code neither encodes nor decodes cannot vanish unseen.
    @Test func everyRowRoundTripsThroughTheGeneratedRecords() throws {
        var configuration = Configuration()
        configuration.readonly = true
        let original = try DatabaseQueue(path: northwindPath, configuration: configuration)
        var memoryConfiguration = Configuration()
        memoryConfiguration.foreignKeysEnabled = false  // rows go back table by table
        let copy = try DatabaseQueue(configuration: memoryConfiguration)
        try original.backup(to: copy)
        var total = 0
        try copy.write { db in
            total += try roundTrip(Category.self, db) + roundTrip(Supplier.self, db) + roundTrip(Product.self, db)
            total += try roundTrip(CustomerDemographic.self, db) + roundTrip(Customer.self, db)
            total += try roundTrip(CustomerCustomerDemo.self, db) + roundTrip(Employee.self, db)
            total += try roundTrip(Region.self, db) + roundTrip(Territory.self, db)
            total += try roundTrip(EmployeeTerritory.self, db) + roundTrip(Shipper.self, db)
            total += try roundTrip(Order.self, db) + roundTrip(OrderDetail.self, db)
        }
        let counted = try original.read { db in
            try (CatalogSchema.recordTypes + NorthwindSalesSchema.recordTypes).reduce(0) { sum, type in
                sum
                    + (try Int.fetchOne(
                        db, sql: "SELECT COUNT(*) FROM \(type.databaseTableName.quotedDatabaseIdentifier)") ?? 0)
            }
        }
        #expect(total == counted && total > 3000)
    }

    /// `step8 verify` prints the same count as SQLite for each table.
    @Test func verifyPrintsSQLitesCounts() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try StepProcess.run("step8", ["verify", "--database", northwindPath], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let queue = try DatabaseQueue(
            path: northwindPath,
            configuration: {
                var c = Configuration()
                c.readonly = true
                return c
            }())
        for table in ["Categories", "Order Details", "Orders", "Employees", "CustomerCustomerDemo"] {
            let count = try queue.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table.quotedDatabaseIdentifier)") ?? -1
            }
            let line = result.stdout.split(separator: "\n").first { $0.hasPrefix(table + "  ") }
            #expect(line?.split(separator: " ").last.map(String.init) == String(count), "\(table)")
        }
    }
}

/// Reads every row, deletes them, inserts the records, and compares the
/// table's raw rows before and after (each column's `quote()`: its storage
/// class and bytes), not the records, which would hide a column they leave out.
private func roundTrip<Record: FetchableRecord & MutablePersistableRecord>(
    _ type: Record.Type, _ db: Database
) throws -> Int {
    let table = Record.databaseTableName
    let before = try quotedRows(of: table, db).rows.sorted()
    let records = try Record.fetchAll(db)
    try Record.deleteAll(db)
    for var record in records { try record.insert(db) }
    let after = try quotedRows(of: table, db).rows.sorted()
    #expect(after == before, "\(table) changed in the round trip")
    return records.count
}
