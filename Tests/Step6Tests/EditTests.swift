import CourseCore
import CourseGRDB
import CourseTestSupport
import Foundation
import GRDB
import Testing

@testable import step6

/// Editing: compare with the snapshot, write only changes, all or nothing.
@Suite struct EditTests {
    @Test func recordsRoundTripEveryRow() throws {
        let copy = try CatalogCopy()
        defer { copy.remove() }
        // Every record written back as it was read: the file holds the same
        // values, of the same storage classes (a Decimal price is bound as
        // TEXT, and the NUMERIC column stores it as the number it was).
        let before = try copy.snapshot()
        try copy.queue.write { db in
            for product in try Product.fetchAll(db) { try product.update(db) }
            for supplier in try Supplier.fetchAll(db) { try supplier.update(db) }
        }
        #expect(try copy.snapshot() == before)
        try copy.queue.read { (db: Database) throws in
            #expect(
                try Product.filter(Product.Columns.discontinued == "1").fetchCount(db)
                    == Product.fetchAll(db).filter(\.discontinued).count)
            #expect(try Supplier.fetchAll(db).count == 10)
        }
    }

    @Test func flagAcceptsOnlyZeroAndOne() throws {
        #expect(try Product.flag("0".databaseValue) == false)
        #expect(try Product.flag("1".databaseValue) == true)
        #expect(try Product.flag(1.databaseValue) == true)
        #expect(throws: CourseError.self) { try Product.flag("yes".databaseValue) }
        #expect(throws: CourseError.self) { try Product.flag(.null) }
    }

    @Test func unchangedEditWritesNothing() throws {
        let copy = try CatalogCopy()
        defer { copy.remove() }
        let before = try copy.snapshot()
        let changes = try copy.changeCount()
        let outcome = try editProduct(
            copy.queue, productID: 27,
            ProductEdit(
                name: "Smoked Trout \"Kestrel Cut\"", price: Decimal(1590) / 100, stock: 12, discontinued: false,
                supplierPhone: "(021) 555 9090"))
        #expect(outcome == .unchanged)
        #expect(try copy.changeCount() == changes, "an UPDATE ran although nothing changed")
        #expect(try copy.snapshot() == before)
    }

    @Test func dryRunReportsButSavesNothing() throws {
        let copy = try CatalogCopy()
        defer { copy.remove() }
        let before = try copy.snapshot()
        let changes = try copy.changeCount()
        let outcome = try editProduct(copy.queue, productID: 27, ProductEdit(price: newPrice, stock: 30), dryRun: true)
        #expect(
            outcome
                == .dryRun([
                    ColumnChange(
                        table: "Products", column: "UnitPrice", old: "15.9".databaseValue, new: "16.5".databaseValue),
                    ColumnChange(
                        table: "Products", column: "UnitsInStock", old: 12.databaseValue, new: 30.databaseValue),
                ]))
        // The UPDATE really ran (SQLite counted its row), then the rollback undid it.
        #expect(try copy.changeCount() == changes + 1)
        #expect(try copy.snapshot() == before)
    }

    /// A dry run meets the schema's constraints exactly as the real edit does.
    @Test func dryRunOfARefusedEditFailsLikeTheRealEdit() throws {
        let copy = try CatalogCopy()
        defer { copy.remove() }
        let before = try copy.snapshot()
        let edit = ProductEdit(price: -1, supplierPhone: "(021) 555 0000")
        var reports: [String] = []
        for dryRun in [true, false] {
            do {
                _ = try editProduct(copy.queue, productID: 27, edit, dryRun: dryRun)
                Issue.record("the edit (dryRun: \(dryRun)) was not refused")
            } catch {
                #expect(extendedCode(error) == 275)  // SQLITE_CONSTRAINT_CHECK
                reports.append(String(describing: error))
            }
        }
        #expect(reports.count == 2 && reports[0] == reports[1])
        #expect(try copy.snapshot() == before)
    }

    @Test func saveWritesOnlyTheProductRowAndStoresNorthwindsText() throws {
        let copy = try CatalogCopy()
        defer { copy.remove() }
        let changes = try copy.changeCount()
        let outcome = try editProduct(copy.queue, productID: 27, ProductEdit(price: newPrice, discontinued: true))
        guard case .saved(let columns, let rows) = outcome else {
            Issue.record("not saved: \(outcome)")
            return
        }
        #expect(columns.map(\.column) == ["Discontinued", "UnitPrice"])
        #expect(rows == 1)
        #expect(try copy.changeCount() == changes + 1)
        let row = try copy.queue.read { db in
            try Row.fetchOne(
                db,
                sql: "SELECT UnitPrice, Discontinued, typeof(Discontinued) AS type FROM Products WHERE ProductID = 27")
        }
        #expect(row?["UnitPrice"] == 16.5)
        #expect(row?["Discontinued"] == "1")
        #expect(row?["type"] == "text")
    }

    @Test func productAndSupplierAreSavedTogether() throws {
        let copy = try CatalogCopy()
        defer { copy.remove() }
        let outcome = try editProduct(copy.queue, productID: 27, ProductEdit(stock: 3, supplierPhone: "(021) 555 7000"))
        #expect(
            outcome
                == .saved(
                    [
                        ColumnChange(
                            table: "Suppliers", column: "Phone", old: "(021) 555 9090".databaseValue,
                            new: "(021) 555 7000".databaseValue),
                        ColumnChange(
                            table: "Products", column: "UnitsInStock", old: 12.databaseValue, new: 3.databaseValue),
                    ], rowsWritten: 2))
        let phone = try copy.queue.read { db in
            try String.fetchOne(db, sql: "SELECT Phone FROM Suppliers WHERE SupplierID = 6")
        }
        #expect(phone == "(021) 555 7000")
    }

    /// The supplier's UPDATE runs first; the product's then violates a CHECK: both are undone.
    @Test(arguments: [ProductEdit(price: -1, supplierPhone: "0"), ProductEdit(stock: -5, supplierPhone: "0")])
    func checkViolationRollsBackEverything(_ edit: ProductEdit) throws {
        let copy = try CatalogCopy()
        defer { copy.remove() }
        let before = try copy.snapshot()
        let error = #expect(throws: CourseError.self) { try editProduct(copy.queue, productID: 27, edit) }
        #expect(error.flatMap(extendedCode) == 275)  // SQLITE_CONSTRAINT_CHECK
        #expect(error?.report.what.contains("nothing was saved") == true)
        #expect(try copy.snapshot() == before)
    }

    /// Proof that the rollback undid a write that happened: the trace shows
    /// the supplier's UPDATE ran before the product's failed.
    @Test func supplierUpdateThatRanIsRolledBack() throws {
        let copy = try CatalogCopy()
        defer { copy.remove() }
        let before = try copy.snapshot()
        let lines = RecordedLines()
        let traced = try DatabaseQueue(
            path: copy.path,
            configuration: CourseGRDB.configuration(
                trace: true, narrator: Narrator(write: { lines.append($0) })))
        #expect(throws: CourseError.self) {
            try editProduct(traced, productID: 27, ProductEdit(price: -1, supplierPhone: "0"))
        }
        let statements = lines.all.filter { $0.contains("UPDATE") || $0.contains("ROLLBACK") }
        #expect(
            statements == [
                #"   SQL> UPDATE "Suppliers" SET "Phone"='0' WHERE "SupplierID"=6"#,
                #"   SQL> UPDATE "Products" SET "UnitPrice"='-1' WHERE "ProductID"=27"#,
                "   SQL> ROLLBACK TRANSACTION",
            ])
        #expect(try copy.snapshot() == before)
    }

    @Test func badInputIsRefusedBeforeWriting() throws {
        let copy = try CatalogCopy()
        defer { copy.remove() }
        try copy.queue.write { db in
            try db.execute(sql: "INSERT INTO Products (ProductID, ProductName) VALUES (41, 'Loose Item')")
        }
        let before = try copy.snapshot()
        let cases: [(Int64, ProductEdit, String)] = [
            (999, ProductEdit(price: 1), "no product with id 999"),
            (41, ProductEdit(supplierPhone: "1"), "has no supplier"),
            (27, ProductEdit(name: "  "), "must not be empty"),
            (27, ProductEdit(price: Decimal(16505) / 1000), "at most two decimals"),
        ]
        for (id, edit, message) in cases {
            let error = #expect(throws: CourseError.self) { try editProduct(copy.queue, productID: id, edit) }
            #expect(error?.description.contains(message) == true, "\(String(describing: error))")
        }
        #expect(try copy.snapshot() == before)
    }
}

/// Lines collected from a narrator (which may call from GRDB's queue).
final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}

@Suite struct TourWordsTests {
    /// The catalog copied to a scratch file, and the app's door to it.
    func openCopy() throws -> (CatalogCopy, AppDatabase) {
        let copy = try CatalogCopy()
        do {
            let options = try DatabaseOptions.parse(["--database", copy.path])
            return (copy, try AppDatabase.open(options, copyBundle: false, narrator: Narrator(write: { _ in })))
        } catch {
            copy.remove()  // a run leaves nothing behind, even when the open fails
            throw error
        }
    }

    /// Saved without one transaction, the supplier's phone stays changed: the tour says so.
    @Test func badInputSectionSaysWhatTheRefusalLeft() throws {
        let (copy, database) = try openCopy()
        defer { copy.remove() }
        let together = RecordedLines()
        let apart = RecordedLines()
        try badInput(together.narrator, database, save: database.saveEdit)
        #expect(
            together.all.joined(separator: "\n").contains(
                "is still (021) 555 9090: its UPDATE ran first, and was rolled back"))
        #expect(together.all.joined(separator: "\n").contains("--dry-run met the same CHECK constraint, word for word"))

        // The lesson broken on purpose: each UPDATE commits on its own.
        try badInput(apart.narrator, database) { id, edit, _ in
            try copy.queue.writeWithoutTransaction { db in
                guard let page = try fetchPage(db, productID: id) else { throw CourseError.input("no product") }
                let (product, supplier) = edit.applied(to: page)
                if let supplier, let old = page.supplier { try supplier.updateChanges(db, from: old) }
                try product.updateChanges(db, from: page.product)
                return .unchanged
            }
        }
        #expect(
            apart.all.joined(separator: "\n").contains(
                "is now (021) 555 0000: its UPDATE was kept without the product's"))
    }

    /// A dry run that refuses in other words than the real edit: the tour says so, never "word for word".
    @Test func badInputSectionComparesTheDryRunsWordsWithTheRealEdits() throws {
        let (copy, database) = try openCopy()
        defer { copy.remove() }
        let differs = RecordedLines()
        try badInput(differs.narrator, database) { id, edit, dryRun in
            guard dryRun else { return try database.saveEdit(productID: id, edit, dryRun: false) }
            throw CourseError.input("a dry run that checks nothing")
        }
        let text = differs.all.joined(separator: "\n")
        #expect(text.contains("--dry-run did not report what the real edit reports"))
        #expect(!text.contains("word for word"))
    }
}

extension EditTests {
    /// "rows written" counts the rows each UPDATE itself changed (sqlite3_changes),
    /// not the rows its triggers write: on a file whose Products table has
    /// triggers (step 10's keep a full-text index), editing one product says 1 row.
    @Test func rowsWrittenLeavesOutWhatTriggersWrite() throws {
        let copy = try CatalogCopy()
        defer { copy.remove() }
        try copy.queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE audit (productID INTEGER, step INTEGER);
                    CREATE TRIGGER audit_price AFTER UPDATE ON Products BEGIN
                        INSERT INTO audit VALUES (new.ProductID, 1);
                        INSERT INTO audit VALUES (new.ProductID, 2);
                    END;
                    """)
        }
        let total = try copy.changeCount()
        let outcome = try editProduct(copy.queue, productID: 27, ProductEdit(price: 16.5))
        guard case .saved(_, let rows) = outcome else {
            Issue.record("not saved: \(outcome)")
            return
        }
        #expect(rows == 1)
        // The triggers did write: SQLite's total count has the 2 rows they inserted too.
        #expect(try copy.changeCount() == total + 3)
        #expect(try copy.queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM audit") } == 2)
    }
}
