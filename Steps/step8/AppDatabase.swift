import CourseCore
import CourseGRDB
import Foundation
import GRDB

/// Step 8's database: step 6's catalog and step 7's bodies cache in one
/// file, read and written only through records generated from their schema
/// (`Schema/catalog.sql`, `Schema/BodiesDB-001.sql`; see `make step8-records`).
struct AppDatabase {
    private let dbWriter: any DatabaseWriter

    /// The default file under db/.
    static let defaultFile = "step8.sqlite"

    // [docs:migrator]
    /// The schema files run as migrations. Their SQL comes from the generated
    /// code (`CatalogSchema.sql` is catalog.sql's text), so the tables and
    /// the records come from one source and cannot disagree.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 catalog.sql") { db in
            try db.execute(sql: CatalogSchema.sql)  // CREATE TABLE [Categories] … and the catalog's rows
        }
        migrator.registerMigration("v1 BodiesDB-001.sql") { db in
            try db.execute(sql: BodiesDB001Schema.sql)  // CREATE TABLE solar_body …
        }
        return migrator
    }
    // [/docs:migrator]

    /// Opens (and migrates) the database at `location`. `reading`: an
    /// up-to-date file is opened read-only (`CourseGRDB.openForReading`).
    static func open(_ location: DatabaseLocation, reading: Bool = false, trace: Bool, narrator: Narrator) throws
        -> AppDatabase
    {
        let configuration = CourseGRDB.configuration(trace: trace, narrator: narrator)
        if reading {
            return AppDatabase(
                dbWriter: try CourseGRDB.openForReading(location, configuration: configuration, migrator: migrator))
        }
        let queue = try CourseGRDB.openQueue(location, configuration: configuration)
        try attempt("prepare \(location.display)") { try migrator.migrate(queue) }
        return AppDatabase(dbWriter: queue)
    }

    // MARK: - The catalog (step 6, through generated records)

    // [docs:search]
    /// Products whose name contains `text` (any case), with their category
    /// and supplier: step 6's search, with the generated associations.
    func search(_ text: String) throws -> [ProductListing] {
        let needle = text.trimmingCharacters(in: .whitespaces).lowercased()
        let name = Product.Columns.productName
        // SELECT "Products".*, "Categories"."CategoryName" AS "categoryName", "Suppliers"."CompanyName" AS "supplierName"
        // FROM "Products" LEFT JOIN "Categories" … LEFT JOIN "Suppliers" …
        // WHERE instr(swiftLowercaseString("ProductName"), ?) > 0 ORDER BY "ProductName", "ProductID"
        let request =
            Product
            .annotated(withOptional: Product.category.select(Category.Columns.categoryName))
            .annotated(withOptional: Product.supplier.select(Supplier.Columns.companyName.forKey("supplierName")))
            .filter(literal: "instr(\(name.lowercased), \(needle)) > 0")
            .order(name, Product.Columns.productID)
            .asRequest(of: ProductListing.self)
        return try dbWriter.read { db in try request.fetchAll(db) }
    }
    // [/docs:search]

    // [docs:edit]
    /// Sets a product's price, in one transaction, writing only what changed.
    /// Returns the changed columns (empty: nothing was written).
    func saveEdit(productID: Int64, price: Double) throws -> [String] {
        guard price.isFinite else { throw CourseError.input("the price must be a number, not \(price)") }
        return try dbWriter.write { db in
            // SELECT * FROM "Products" WHERE "ProductID" = ?
            guard var product = try Product.fetchOne(db, id: productID) else {
                throw CourseError.input("no product with id \(productID)")
            }
            // UPDATE "Products" SET "UnitPrice" = ? WHERE "ProductID" = ?  (only if the price differs)
            let changed = try product.updateChanges(db) { $0.unitPrice = price }
            return changed ? [Product.Columns.unitPrice.name] : []
        }
    }
    // [/docs:edit]

    // MARK: - The bodies cache (step 7, through generated records)

    // [docs:sync]
    /// Makes the cache hold exactly `bodies`, in one transaction: step 7's
    /// sync, on the generated `SolarBody`.
    func sync(_ bodies: [SolarBody]) throws -> (deleted: Int, updated: Int, inserted: Int) {
        try dbWriter.write { db in
            let cached = Dictionary(uniqueKeysWithValues: try SolarBody.fetchAll(db).map { ($0.id, $0) })
            let ids = Set(bodies.map(\.id))
            var counts = (deleted: 0, updated: 0, inserted: 0)
            for id in cached.keys.sorted() where !ids.contains(id) {
                try SolarBody.deleteOne(db, id: id)  // DELETE FROM solar_body WHERE id = ?
                counts.deleted += 1
            }
            for body in bodies {
                if let old = cached[body.id] {
                    if try body.updateChanges(db, from: old) { counts.updated += 1 }  // UPDATE … only what differs
                } else {
                    try body.insert(db)  // INSERT INTO solar_body (id, name, english_name, …) VALUES (?, ?, ?, …)
                    counts.inserted += 1
                }
            }
            return counts
        }
    }
    // [/docs:sync]

    /// The cached bodies whose English name contains `text` (any case), by name.
    func bodies(matching text: String = "") throws -> [SolarBody] {
        try dbWriter.read { db in
            // SELECT * FROM solar_body WHERE instr(lower(english_name), ?) > 0 ORDER BY english_name
            try SolarBody
                .filter(literal: "instr(lower(\(SolarBody.Columns.englishName)), \(text.lowercased())) > 0")
                .order(SolarBody.Columns.englishName)
                .fetchAll(db)
        }
    }

    /// A read, for the tour.
    func read<T>(_ value: (Database) throws -> T) throws -> T {
        try dbWriter.read(value)
    }
}

/// A product as the list shows it (step 6's `ProductListing`, on the generated `Product`).
struct ProductListing: Decodable, FetchableRecord, Equatable {
    var product: Product
    var categoryName: String?
    var supplierName: String?

    init(row: Row) throws {
        product = try Product(row: row)
        categoryName = row["CategoryName"]
        supplierName = row["supplierName"]
    }
}
