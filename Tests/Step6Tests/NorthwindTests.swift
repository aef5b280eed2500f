import CourseCore
import CourseTestSupport
import Foundation
import GRDB
import Testing

@testable import step6

/// The real Northwind database (../shared/fixtures/northwind/northwind.db)
/// lists, searches and edits correctly. Expected values are computed from
/// the database itself: none of its data is written into the project.
@Suite(.temporaryDirectory, .enabled(if: RealNorthwind.isPresent, RealNorthwind.absent))
struct NorthwindTests {
    @Test func listsEveryProductWithCategoryAndSupplier() throws {
        let copy = try CatalogCopy(realNorthwind: true)
        defer { copy.remove() }
        try copy.queue.read { db in
            let all = try searchProducts(db)
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM Products")
            #expect(all.count == count)
            let discontinued = try Int.fetchOne(db, sql: "SELECT count(*) FROM Products WHERE Discontinued = '1'")
            #expect(all.filter(\.product.discontinued).count == discontinued)
            let named = try Row.fetchAll(
                db,
                sql: """
                    SELECT p.ProductID, c.CategoryName, s.CompanyName FROM Products p
                    LEFT JOIN Categories c ON c.CategoryID = p.CategoryID
                    LEFT JOIN Suppliers s ON s.SupplierID = p.SupplierID
                    ORDER BY p.ProductName, p.ProductID
                    """)
            #expect(all.map(\.product.id) == named.map { $0["ProductID"] as Int64 })
            #expect(all.map(\.categoryName) == named.map { $0["CategoryName"] as String? })
            #expect(all.map(\.supplierName) == named.map { $0["CompanyName"] as String? })
        }
    }

    /// Needles taken from the data: each product's name, shouted, and a
    /// slice of it; the search must find what Swift's `contains` finds.
    @Test func searchFindsWhatSwiftFinds() throws {
        let copy = try CatalogCopy(realNorthwind: true)
        defer { copy.remove() }
        try copy.queue.read { db in
            let all = try searchProducts(db)
            var needles = all.map { " " + $0.product.productName.uppercased() + " " }
            needles += all.map { String($0.product.productName.dropFirst(2).prefix(4)) }
            needles += all.map(\.product.productName).filter { $0.contains("'") }.map {
                String($0.split(separator: "'")[0].suffix(2)) + "'"
            }
            for needle in needles {
                let found = try searchProducts(db, matching: needle).map(\.product.id)
                #expect(found == SearchTests.expectedIDs(all, needle), "search \"\(needle)\"")
            }
        }
    }

    @Test func editsAProductAndItsSupplierAsNorthwindStoresThem() throws {
        let copy = try CatalogCopy(realNorthwind: true)
        defer { copy.remove() }
        let (path, queue) = (copy.path, copy.queue)
        guard
            let page = try queue.read({ db in
                try Product.filter(Product.Columns.supplierID != nil).order(Product.Columns.id).fetchOne(db)
                    .flatMap { try fetchPage(db, productID: $0.id) }
            })
        else {
            Issue.record("no product with a supplier")
            return
        }
        let product = page.product
        let before = try databaseSnapshot(path)

        // The values it already has: nothing written.
        let same = ProductEdit(
            price: product.unitPrice, stock: product.unitsInStock, discontinued: product.discontinued)
        #expect(try editProduct(queue, productID: product.id, same) == .unchanged)
        #expect(try databaseSnapshot(path) == before)

        // A CHECK violation: nothing written.
        #expect(throws: CourseError.self) {
            try editProduct(queue, productID: product.id, ProductEdit(price: -1, supplierPhone: "0"))
        }
        #expect(try databaseSnapshot(path) == before)

        // A real change, with the supplier: both saved, Discontinued still text.
        let edit = ProductEdit(
            price: (product.unitPrice ?? 0) + 1, discontinued: !product.discontinued, supplierPhone: "555")
        guard case .saved(_, let rows) = try editProduct(queue, productID: product.id, edit) else {
            Issue.record("not saved")
            return
        }
        #expect(rows == 2)
        let row = try queue.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT p.UnitPrice, p.Discontinued, typeof(p.Discontinued) AS type, s.Phone
                    FROM Products p JOIN Suppliers s USING (SupplierID) WHERE p.ProductID = ?
                    """, arguments: [product.id])
        }
        #expect(try Product.price(row?["UnitPrice"] ?? .null) == (product.unitPrice ?? 0) + 1)
        #expect(row?["Discontinued"] == (product.discontinued ? "0" : "1"))
        #expect(row?["type"] == "text")
        #expect(row?["Phone"] == "555")
    }

    /// The bundled catalog has Northwind's shape: the same columns (name,
    /// type, NOT NULL, default, primary key) and foreign keys.
    @Test(arguments: ["Categories", "Suppliers", "Products"])
    func catalogHasNorthwindsSchema(_ table: String) throws {
        func shape(_ path: String) throws -> [String] {
            var configuration = Configuration()
            configuration.readonly = true
            return try DatabaseQueue(path: path, configuration: configuration).read { db in
                let columns = try Row.fetchAll(
                    db, sql: "SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_xinfo(?)",
                    arguments: [table])
                let keys = try Row.fetchAll(
                    db, sql: "SELECT \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?) ORDER BY \"from\"",
                    arguments: [table])
                return (columns + keys).map(\.description)
            }
        }
        let copy = try CatalogCopy(realNorthwind: true)
        defer { copy.remove() }
        #expect(try shape(Catalog.bundledURL().path) == shape(copy.path))
    }

    /// And the same CHECK constraints: each refuses -1 in both databases.
    @Test(arguments: ["UnitPrice", "UnitsInStock", "UnitsOnOrder", "ReorderLevel"])
    func catalogHasNorthwindsChecks(_ column: String) throws {
        let directory = try TemporaryDirectory.current
        let catalog = directory.file("catalog.sqlite")
        try Catalog.bootstrap(copyingTo: catalog)
        for path in [catalog, try RealNorthwind.copy(into: directory)] {
            let error = #expect(throws: DatabaseError.self) {
                try DatabaseQueue(path: path).write { db in
                    try db.execute(sql: "UPDATE Products SET \(column) = -1 WHERE ProductID = 1")
                }
            }
            #expect(error?.extendedResultCode == .SQLITE_CONSTRAINT_CHECK, "\(path): \(column)")
        }
    }

    @Test func subcommandsWorkOnIt() throws {
        let copy = try CatalogCopy(realNorthwind: true)
        defer { copy.remove() }
        let (directory, path) = (copy.directory, copy.path)
        let count = try copy.queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM Products") }
        let list = try StepProcess.run("step6", ["list", "--database", path], in: directory)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.hasSuffix("\(count ?? -1) products\n"))
        #expect(!list.stdout.contains("First run"))
        let show = try StepProcess.run("step6", ["show", "1", "--database", path], in: directory)
        #expect(show.status == 0 && show.stdout.hasPrefix("Product #1: "), "\(show.stderr)")
    }
}
