import CourseCore
import Foundation
import GRDB

// The Lighter example's schema spells a column `densitity`. Lighter generates the Swift
// record from the schema, so its property is `densitity` too, and the
// synthesized `Decodable` looks for a JSON field "densitity" that the API
// never sends. A missing optional field decodes as nil: no error, and the
// column stays NULL in every row. This file reproduces that mapping, columns
// first, with SQLite's JSON functions, so the tour can show it happening.

/// The Lighter example's schema: BodiesDB-001.sql with its spelling of `density`.
func lighterSchema() throws -> String {
    let schema = try bundledText("BodiesDB-001", "sql")
    return schema.replacingOccurrences(of: "density        REAL", with: "densitity      REAL")
}

// [docs:by-column-name]
/// Loads the API's JSON into `solar_body` the way a record generated from
/// the table does: each column takes the JSON field named like the column
/// (in camelCase: `english_name` reads `englishName`). A field that is not
/// there gives NULL, and nothing complains.
func loadByColumnNames(_ db: Database, json: String) throws {
    let columns = try db.columns(in: "solar_body").map(\.name)  // PRAGMA main.table_xinfo("solar_body")
    let fields = columns.map { "json_extract(value, '$.\(camelCase($0))')" }
    // INSERT INTO solar_body (id, …, densitity, …)
    // SELECT json_extract(value, '$.id'), …, json_extract(value, '$.densitity'), …
    // FROM json_each(?, '$.bodies')      -- one row per element of the array
    try db.execute(
        sql: """
            INSERT INTO solar_body (\(columns.joined(separator: ", ")))
            SELECT \(fields.joined(separator: ", ")) FROM json_each(?, '$.bodies')
            """, arguments: [json])
}
// [/docs:by-column-name]

/// `english_name` → `englishName`.
func camelCase(_ column: String) -> String {
    let words = column.split(separator: "_")
    return words.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }.joined()
}

/// How many rows of `solar_body` have NULL in `column`.
func nullCount(_ db: Database, _ column: String) throws -> Int {
    // SELECT count(*) FROM solar_body WHERE "densitity" IS NULL
    try Table("solar_body").filter(Column(column) == nil).fetchCount(db)
}
