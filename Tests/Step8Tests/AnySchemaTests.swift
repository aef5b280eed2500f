import CourseCore
import CourseTestSupport
import Foundation
import RecordGenerator
import Testing

// Any schema SQLite accepts gives Swift that compiles: tables and columns
// named with every Swift keyword and every name with a meaning inside a type.

/// Swift's keywords (The Swift Programming Language, "Lexical Structure"),
/// the reserved ones and the contextual ones, and names that mean something
/// inside a type or to the generated code.
let awkwardNames = [
    // Keywords used in declarations
    "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
    "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "precedencegroup", "private",
    "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
    // Keywords used in statements
    "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
    "in", "repeat", "return", "switch", "throw", "where", "while",
    // Keywords used in expressions and types
    "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
    // Keywords reserved in particular contexts
    "associativity", "async", "convenience", "didSet", "dynamic", "final", "get", "indirect", "infix", "lazy", "left",
    "mutating", "none", "nonmutating", "optional", "override", "package", "postfix", "precedence", "prefix",
    "Protocol", "required", "right", "set", "some", "Type", "unowned", "weak", "willSet",
    // Names the generated code or its protocols use
    "row", "db", "container", "inserted", "Columns", "CodingKeys", "databaseTableName", "rawValue", "stringValue",
    "intValue", "hashValue", "description", "encode", "didInsert", "String", "Int64", "Data", "Row", "Column",
    "DatabaseValue", "ColumnValueError", "Table", "Record", "TableRecord", "exactValue", "_",
    // Names starting with a digit, and names that differ only by case or punctuation
    "2fa", "1st place",
]

/// One table per name: the name is the table's and a column's, beside an
/// `id` that is not the key and a foreign key to the previous table. Then
/// tables whose names differ only by case or plural ("order_item",
/// "OrderItems"), and columns whose Swift names collide (`a_b`, `aB`).
func awkwardSchema() -> (sql: String, tables: Int) {
    func q(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
    var statements: [String] = []
    var previous: String?
    for (index, name) in awkwardNames.enumerated() {
        // SQLite's names are case-insensitive: `self` and `Self` are one table, so the second is `Self 2`.
        let table = awkwardNames[..<index].contains { $0.lowercased() == name.lowercased() } ? name + " 2" : name
        var columns = ["key INTEGER PRIMARY KEY", "\(q(name)) TEXT", "id TEXT", "\(q(name + "_id")) INTEGER"]
        if let previous { columns.append("\(q("ref " + previous)) INTEGER REFERENCES \(q(previous)) (key)") }
        statements.append("CREATE TABLE \(q(table)) (\(columns.joined(separator: ", "))) ;")
        previous = table
    }
    statements += [
        "CREATE TABLE order_item (id INTEGER PRIMARY KEY, \"Name\" TEXT, a_b INTEGER, aB INTEGER, \"a b\" REAL);",
        "CREATE TABLE \"OrderItems\" (id INTEGER PRIMARY KEY, name TEXT, item INTEGER REFERENCES order_item (id));",
        "CREATE TABLE \"Order Item\" (\"ID\" TEXT PRIMARY KEY, \"self\" BLOB, \"init\" BOOLEAN, \"Type\" DATE) WITHOUT ROWID;",
        "CREATE TABLE strict_keywords (\"default\" ANY, \"class\" INT, \"self\" TEXT) STRICT;",
    ]
    return (statements.joined(separator: "\n"), awkwardNames.count + 4)
}

@Suite struct AnySchemaTests {
    /// Names Swift needs changed are changed, and said: `self` → `selfColumn`,
    /// `a_b` and `aB` → `aB`, `aB2`; `order_item` and `OrderItems` → `OrderItem`, `OrderItem2`.
    @Test func namesThatCollideAreMadeUnique() throws {
        let source = try generate(awkwardSchema().sql).source
        #expect(source.contains("public var selfColumn: String?"))
        #expect(source.contains("public var aB: Int64?") && source.contains("public var aB2: Int64?"))
        #expect(source.contains("public struct OrderItem:") && source.contains("public struct OrderItem2:"))
        #expect(source.contains("public struct SelfRecord:"))
        #expect(source.contains("public var _2fa: String?"))
    }
}
