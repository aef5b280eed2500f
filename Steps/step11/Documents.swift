import CourseCore
import GRDB

/// A field of each document, as `document ->> '$.field'` reads it.
struct FieldValue: Decodable, FetchableRecord {
    var id: String
    var value: String?  // nil: the document has no such field (or it is null)
}

// [docs:json-field]
/// Every body's value of `field`, read from the JSON text by SQLite.
///
/// `->>` returns an SQL value (text, number or NULL); `->` would return
/// JSON. A document without the field gives NULL, not an error. With GRDB,
/// `JSONColumn("document")[path]` writes the same `document ->> ?`.
func fieldValues(_ db: Database, field: String) throws -> [FieldValue] {
    let path = "$." + field
    // SELECT id, document ->> ? AS value FROM body ORDER BY id
    return
        try BodyDocument
        .select(BodyColumns.id, BodyColumns.document[path].forKey("value"))
        .order(BodyColumns.id)
        .asRequest(of: FieldValue.self)
        .fetchAll(db)
}
// [/docs:json-field]

/// The query plan of `sql` (EXPLAIN QUERY PLAN), one detail per line.
func queryPlan(_ db: Database, _ sql: String, arguments: StatementArguments = []) throws -> [String] {
    try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] }
}

/// The three ways to find the moons, whose plans the tour and `json --plans` show.
enum MoonLookup: CaseIterable {
    case jsonExtract, generatedColumnNotIndexed, generatedColumn

    var sql: String {
        switch self {
        case .jsonExtract: "SELECT id FROM body WHERE document ->> '$.bodyType' = ?"
        case .generatedColumnNotIndexed: "SELECT id FROM body NOT INDEXED WHERE body_type = ?"
        case .generatedColumn: "SELECT id FROM body WHERE body_type = ?"
        }
    }
}

/// A field name `->>` can take: letters, digits, `_`, and `.` between names.
func checkField(_ field: String) throws {
    let parts = field.split(separator: ".", omittingEmptySubsequences: false)
    let valid = parts.allSatisfy { part in
        !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }
    if !valid {
        throw CourseError.input(
            "\"\(field)\" is not a field name: letters, digits and _, with . between nested names",
            fix: #"for example: make step11 ARGS="json --field aroundPlanet.planet""#)
    }
}
