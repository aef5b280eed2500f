import CourseCore
import CourseTestSupport
import Foundation
import GRDB
import Testing

@testable import step6

/// Search: trimmed, case-insensitive, substring, with no wildcards.
@Suite(.temporaryDirectory) struct SearchTests {
    /// The ids the search should find, computed in Swift from the full list.
    static func expectedIDs(_ all: [ProductListing], _ text: String) -> [Int64] {
        let needle = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return all.filter { needle.isEmpty || $0.product.productName.lowercased().contains(needle) }.map(\.product.id)
    }

    @Test(arguments: [
        "smoked", "  SMOKED\n", "100%", "%", "_", "'", "pim's", "\"kestrel", "CRÈME", "crème", "ÂTE", "", "   ", "zzz",
    ])
    func searchAgreesWithSwiftsContains(_ text: String) throws {
        let copy = try CatalogCopy()
        defer { copy.remove() }
        let (all, found) = try copy.queue.read { db in
            (try searchProducts(db), try searchProducts(db, matching: text))
        }
        #expect(all.count == 40)
        #expect(found.map(\.product.id) == Self.expectedIDs(all, text))
    }

    @Test func resultsAreOrderedByNameWithCategoryAndSupplier() throws {
        let copy = try CatalogCopy()
        defer { copy.remove() }
        let found = try copy.queue.read { db in try searchProducts(db, matching: "smoked") }
        #expect(
            found.map(\.product.productName)
                == found.map(\.product.productName).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(found.count == 4)
        let joined = try copy.queue.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT c.CategoryName, s.CompanyName FROM Products p
                    JOIN Categories c USING (CategoryID) JOIN Suppliers s USING (SupplierID)
                    WHERE p.ProductID = ?
                    """, arguments: [found[0].product.id])
        }
        #expect(found[0].categoryName == joined[0]["CategoryName"])
        #expect(found[0].supplierName == joined[0]["CompanyName"])
    }

    /// `%` and `_` are LIKE's wildcards; the search must treat them as characters.
    @Test func wildcardsAndQuotesAreMatchedLiterally() throws {
        let copy = try CatalogCopy()
        defer { copy.remove() }
        try copy.queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO Products (ProductName) VALUES ('A_B Mix'), ('AxB Mix'), ('50% Off'), ('500 Offcuts'),
                      ('It''s "quoted"')
                    """)
        }
        func names(_ text: String) throws -> [String] {
            try copy.queue.read { db in try searchProducts(db, matching: text).map(\.product.productName) }
        }
        #expect(try names("a_b") == ["A_B Mix"])
        #expect(try names("50% o") == ["50% Off"])
        #expect(try names("'s \"Q") == ["It's \"quoted\""])
        #expect(try names("_") == ["A_B Mix"])
        // What a naive LIKE would have done with the same input:
        let naive = try copy.queue.read { db in
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM Products WHERE ProductName LIKE '%' || ? || '%'", arguments: ["a_b"])
        }
        #expect(naive == 2)
    }

    /// SQLite's LIKE and lower() fold ASCII only; the search folds with Swift,
    /// both ways: accented capitals in the text and in the stored name.
    @Test func caseFoldingGoesBeyondASCII() throws {
        let copy = try CatalogCopy()
        defer { copy.remove() }
        try copy.queue.write { db in
            try db.execute(sql: "INSERT INTO Products (ProductName) VALUES ('ÉTOILE Shortbread')")
        }
        let results = try copy.queue.read { db in
            (
                upper: try searchProducts(db, matching: "BRÛLÉE").map(\.product.productName),
                lower: try searchProducts(db, matching: "étoile").map(\.product.productName),
                like: try Int.fetchOne(
                    db,
                    sql:
                        "SELECT count(*) FROM Products WHERE ProductName LIKE '%étoile%' OR ProductName LIKE '%BRÛLÉE%'"
                ),
                sqliteLower: try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM Products WHERE instr(lower(ProductName), 'étoile') > 0")
            )
        }
        #expect(results.upper == ["Brûlée Toffee Shards"])
        #expect(results.lower == ["ÉTOILE Shortbread"])
        #expect(results.like == 0)
        #expect(results.sqliteLower == 0)
    }

    @Test func searchSubcommandEndToEnd() throws {
        let directory = try TemporaryDirectory.current
        let result = try StepProcess.run("step6", ["search", "  100% "], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.components(separatedBy: "\n")
        #expect(lines.contains { $0.hasPrefix("12  100% Rye Sourdough Loaf  Bakery") })
        #expect(lines.contains("1 product"))
    }
}
