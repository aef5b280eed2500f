import CourseCore
import CourseGRDB
import Foundation
import GRDB

/// A product as the list shows it: the product, its category's name and
/// its supplier's name, fetched in one query.
struct ProductListing: FetchableRecord, Equatable {
    var product: Product
    var categoryName: String?
    var supplierName: String?

    init(row: Row) throws {
        product = try Product(row: row)
        categoryName = try row.decode(forColumn: "categoryName")
        supplierName = try row.decode(forColumn: "supplierName")
    }
}

// [docs:search]
/// Products whose name contains `text`, ignoring case, ordered by name:
/// the Lighter example's `productName.contains(text, caseInsensitive: true)`.
/// Empty text (after trimming) matches every product.
///
/// `containsIgnoringCase` (in the course's GRDB layer, shared with step 7)
/// finds a plain substring with `instr`, both sides lowercased by Swift:
/// `%`, `_` and quotes are just characters, and "CRÈME" finds "Crème".
func searchProducts(_ db: Database, matching text: String = "") throws -> [ProductListing] {
    let needle = text.trimmingCharacters(in: .whitespacesAndNewlines)
    let name = Product.Columns.productName
    // SELECT "Products".*, "Categories"."CategoryName" AS "categoryName",
    //        "Suppliers"."CompanyName" AS "supplierName"
    // FROM "Products"
    // LEFT JOIN "Categories" ON "Categories"."CategoryID" = "Products"."CategoryID"
    // LEFT JOIN "Suppliers" ON "Suppliers"."SupplierID" = "Products"."SupplierID"
    // WHERE instr(swiftLowercaseString("Products"."ProductName"), ?) > 0
    // ORDER BY "Products"."ProductName", "Products"."ProductID"
    return
        try Product
        .annotated(withOptional: Product.category.select(Column("CategoryName").forKey("categoryName")))
        .annotated(withOptional: Product.supplier.select(Column("CompanyName").forKey("supplierName")))
        .filter(name.containsIgnoringCase(needle))
        .order(name, Product.Columns.id)
        .asRequest(of: ProductListing.self)
        .fetchAll(db)
}
// [/docs:search]

// MARK: - Presentation

/// A price as a shop shows it, in whole cents. (NULL is allowed by Northwind's schema.)
func money(_ price: Decimal?) -> String {
    guard var price else { return "NULL" }
    var cents = Decimal()
    price *= 100
    NSDecimalRound(&cents, &price, 0, .plain)
    let whole = NSDecimalNumber(decimal: cents).int64Value
    return (whole < 0 ? "-" : "") + "\(abs(whole) / 100)." + String(format: "%02lld", abs(whole) % 100)
}

/// The list as a table.
func listingTable(_ listings: [ProductListing]) -> (headers: [String], rows: [[String?]]) {
    (
        ["id", "product", "category", "supplier", "price", "stock", "discontinued"],
        listings.map { listing in
            let product = listing.product
            return [
                String(product.id), product.productName, listing.categoryName, listing.supplierName,
                money(product.unitPrice), product.unitsInStock.map(String.init),
                product.discontinued ? "yes" : "no",
            ]
        }
    )
}
