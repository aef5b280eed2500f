import CourseCore
import Foundation
import GRDB

// Records for a schema someone else designed. Northwind names its tables in
// the plural and its columns in PascalCase (`ProductName`), stores prices as
// NUMERIC and "discontinued" as the text '0' or '1'. The Swift side keeps
// Swift's conventions; the mapping happens here, once.

// [docs:product]
/// A row of `Products`.
///
/// Written by hand rather than with Codable, because two columns do not
/// hold what their Swift type expects:
/// - `UnitPrice` is NUMERIC: SQLite stores 18.0 as the integer 18 and 9.75
///   as a real (a binary double). A price is money, so Swift holds it as a
///   `Decimal`, exact in base ten: `price(_:)` below reads either storage
///   class, and `encode` writes the `Decimal`, which GRDB binds as TEXT
///   ('16.5') and the NUMERIC column stores as the number 16.5 again.
/// - `Discontinued` is TEXT holding '0' or '1'. GRDB's own `Bool` would read
///   '1' as true and '0' or 'yes' alike as false, and write 1 or 0:
///   `flag(_:)` below accepts '0' and '1' only, and `encode` writes the text
///   back, exactly as Northwind stores it.
struct Product: Equatable, Identifiable {
    var id: Int64
    var productName: String
    var supplierID: Int64?
    var categoryID: Int64?
    var quantityPerUnit: String?
    var unitPrice: Decimal?  // NULL is allowed by the schema (DEFAULT 0)
    var unitsInStock: Int?
    var unitsOnOrder: Int?
    var reorderLevel: Int?
    var discontinued: Bool

    /// The columns, named once. Queries and the mapping below share them.
    enum Columns {
        static let id = Column("ProductID")
        static let productName = Column("ProductName")
        static let supplierID = Column("SupplierID")
        static let categoryID = Column("CategoryID")
        static let quantityPerUnit = Column("QuantityPerUnit")
        static let unitPrice = Column("UnitPrice")
        static let unitsInStock = Column("UnitsInStock")
        static let unitsOnOrder = Column("UnitsOnOrder")
        static let reorderLevel = Column("ReorderLevel")
        static let discontinued = Column("Discontinued")
    }
}

extension Product: FetchableRecord {
    /// `row.decode` throws (instead of crashing, as `row[…]` would) for a
    /// missing column or a NULL where a value is required. Any other value
    /// converts as SQLite converts it (the text 'lots' reads as the integer
    /// 0): `price(_:)` and `flag(_:)` read the stored value and check it.
    init(row: Row) throws {
        id = try row.decode(forColumn: Columns.id)
        productName = try row.decode(forColumn: Columns.productName)
        supplierID = try row.decode(forColumn: Columns.supplierID)
        categoryID = try row.decode(forColumn: Columns.categoryID)
        quantityPerUnit = try row.decode(forColumn: Columns.quantityPerUnit)
        unitPrice = try Self.price(row.decode(forColumn: Columns.unitPrice))
        unitsInStock = try row.decode(forColumn: Columns.unitsInStock)
        unitsOnOrder = try row.decode(forColumn: Columns.unitsOnOrder)
        reorderLevel = try row.decode(forColumn: Columns.reorderLevel)
        discontinued = try Self.flag(row.decode(forColumn: Columns.discontinued))
    }

    /// A price as a `Decimal`. A REAL is a binary double: 15.9 is stored as
    /// 15.9000000000000003552713678800500929355621337890625. Its shortest
    /// decimal spelling that reads back as the same double (Swift's
    /// `description`, "15.9") is the price that was written.
    static func price(_ value: DatabaseValue) throws -> Decimal? {
        switch value.storage {
        case .null: return nil
        case .int64(let whole): return Decimal(whole)
        case .double(let double): if let price = Decimal(string: "\(double)") { return price }
        case .string(let text): if let price = Decimal(string: text) { return price }
        case .blob: break
        }
        throw CourseError.badData(
            "UnitPrice holds \(value), expected a number",
            fix: "set it to a price in that row (sqlite3), or start again from the bundled catalog: make reset")
    }

    /// '0' / '1' as Northwind stores them; 0 / 1 too, should a database hold numbers.
    static func flag(_ value: DatabaseValue) throws -> Bool {
        switch value.storage {
        case .string("0"), .int64(0): return false
        case .string("1"), .int64(1): return true
        default:
            throw CourseError.badData(
                "Discontinued holds \(value), expected '0' or '1'",
                fix: "set it to 0 or 1 in that row (sqlite3), or start again from the bundled catalog: make reset")
        }
    }
}

extension Product: PersistableRecord {
    static let databaseTableName = "Products"

    func encode(to container: inout PersistenceContainer) {
        container[Columns.id] = id
        container[Columns.productName] = productName
        container[Columns.supplierID] = supplierID
        container[Columns.categoryID] = categoryID
        container[Columns.quantityPerUnit] = quantityPerUnit
        container[Columns.unitPrice] = unitPrice
        container[Columns.unitsInStock] = unitsInStock
        container[Columns.unitsOnOrder] = unitsOnOrder
        container[Columns.reorderLevel] = reorderLevel
        container[Columns.discontinued] = discontinued ? "1" : "0"
    }
}
// [/docs:product]

// [docs:associations]
// Northwind declares its foreign keys, so GRDB finds the join columns
// (`Products.CategoryID` → `Categories.CategoryID`) in the schema itself.
extension Product {
    static let category = belongsTo(Category.self)
    static let supplier = belongsTo(Supplier.self)
}
// [/docs:associations]
