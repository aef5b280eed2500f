import CourseCore
import Foundation
import GRDB
import Testing

@testable import step6

/// Prices are money: a `Decimal` in Swift, a number in the NUMERIC column.
@Suite struct MoneyTests {
    /// The Bakery's five prices (6.40, 4.80, 5.60, 8.25, 3.95) add up to 29.00. As doubles they do not:
    /// SQLite's SUM over the REAL values and Swift's Double both give 28.999999999999996.
    @Test func theBakerysPricesAddUpExactlyOnlyAsDecimalsOrCents() throws {
        let copy = try CatalogCopy()
        defer { copy.remove() }
        try copy.queue.read { db in
            let bakery = Product.filter(Product.Columns.categoryID == 3)
            let doubles = try Double.fetchAll(db, bakery.select(Product.Columns.unitPrice))
            let sum = try Double.fetchOne(db, bakery.select(GRDB.sum(Product.Columns.unitPrice)))
            let decimals = try bakery.fetchAll(db).compactMap(\.unitPrice)
            let cents = try Int64.fetchOne(
                db, sql: "SELECT SUM(CAST(round(UnitPrice * 100) AS INTEGER)) FROM Products WHERE CategoryID = 3")
            #expect(doubles.count == 5)
            #expect(doubles.reduce(0, +) == 28.999999999999996)
            #expect(sum == 28.999999999999996, "SQLite's SUM adds REAL values as doubles (3.40.1)")
            #expect(decimals.reduce(0, +) == 29)
            #expect(cents == 2900)
        }
    }

    /// A Decimal is bound as TEXT; the NUMERIC column converts it: a fraction is stored as a REAL,
    /// a whole amount as an INTEGER, exactly as the catalog's own rows.
    @Test func aDecimalPriceIsStoredAsTheNumberItIs() throws {
        let copy = try CatalogCopy()
        defer { copy.remove() }
        #expect(Decimal(16.50).databaseValue == "16.5".databaseValue, "GRDB binds a Decimal as TEXT")
        for (price, type) in [(Decimal(1650) / 100, "real"), (Decimal(1900) / 100, "integer")] {
            _ = try editProduct(copy.queue, productID: 27, ProductEdit(price: price))
            try copy.queue.read { db in
                let stored = try Row.fetchOne(
                    db, sql: "SELECT UnitPrice, typeof(UnitPrice) AS type FROM Products WHERE ProductID = 27")
                #expect(stored?["type"] == type)
                #expect(try Product.fetchOne(db, id: 27)?.unitPrice == price)
            }
        }
    }

    /// Every price of the catalog reads as the decimal SQLite prints for it (its text, 15 digits).
    @Test func everyPriceReadsAsTheDecimalItWasWritten() throws {
        let copy = try CatalogCopy()
        defer { copy.remove() }
        try copy.queue.read { db in
            let texts = try Row.fetchAll(db, sql: "SELECT ProductID, CAST(UnitPrice AS TEXT) AS text FROM Products")
            #expect(texts.count == 40)
            for row in texts {
                let id: Int64 = row["ProductID"]
                let text: String = row["text"]
                #expect(try Product.fetchOne(db, id: id)?.unitPrice == Decimal(string: text), "product \(id): \(text)")
            }
        }
    }

    /// The shortest decimal that reads back as the stored double, not the double's exact binary value.
    @Test func aRealIsReadAsItsShortestDecimal() throws {
        #expect(try Product.price(15.9.databaseValue) == Decimal(1590) / 100)
        #expect(try Product.price(19.databaseValue) == 19)
        #expect(try Product.price(DatabaseValue.null) == nil)
        #expect(throws: CourseError.self) { try Product.price(Data([1]).databaseValue) }
    }

    @Test(arguments: ["12.50", "-1", "0", "7"]) func aPriceAsTyped(_ text: String) {
        #expect(Decimal(price: text) == Decimal(string: text))
    }

    @Test(arguments: ["twelve", "12abc", "1.2.3", ".5", "--1", "", "1e3", "nan"]) func notAPrice(_ text: String) {
        #expect(Decimal(price: text) == nil)
    }
}
