import CourseCore
import Foundation
import GRDB

/// The tables `verify` reads: a file without one of them is refused before it is opened.
var verifiedTables: Set<String> {
    Set((CatalogSchema.recordTypes + NorthwindSalesSchema.recordTypes).map { $0.databaseTableName })
}

// [docs:verify]
/// Every table the generated records know, and how many rows each read.
///
/// Each record type reads every row of its table (`fetchAll`: every value
/// decoded into its Swift type), and the count is checked against SQLite's
/// own `SELECT COUNT(*)`. A value its generated type cannot hold exactly
/// ('lots' in an INTEGER column, a number in a DATETIME column) fails here,
/// naming the table, the column and the value: the records of an ordinary
/// table check what they read (docs/08, "A save writes back what it read").
func verify(_ db: Database) throws -> [(table: String, rows: Int)] {
    let types = CatalogSchema.recordTypes + NorthwindSalesSchema.recordTypes
    return try types.map { type in
        let table = type.databaseTableName
        guard try db.tableExists(table) else {
            throw CourseError.input("the database has no table \"\(table)\": it is not Northwind-shaped")
        }
        let decoded = try attempt("read every row of \"\(table)\"") { try type.fetchAll(db).count }
        let counted = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table.quotedDatabaseIdentifier)") ?? 0
        guard decoded == counted else {
            throw CourseError.input("\(table): \(decoded) records decoded, but SQLite counts \(counted) rows")
        }
        return (table, decoded)
    }
}
// [/docs:verify]

extension AppDatabase {
    /// NorthwindSales.sql, bundled as a resource as well as read by the
    /// build plugin: a learner can run it to make an empty Northwind-shaped
    /// database (with catalog.sql first).
    static var bundledNorthwindSales: URL? {
        Bundle.module.url(forResource: "NorthwindSales", withExtension: "sql")
    }
}
