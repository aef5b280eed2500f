import Foundation
import GRDB

/// The whole content of a database as text: schema, then every table's rows
/// in rowid order. Two equal snapshots mean "the database is unchanged", which
/// is what every bad-input test asserts.
public func databaseSnapshot(_ path: String) throws -> String {
    var configuration = Configuration()
    configuration.readonly = true
    let queue = try DatabaseQueue(path: path, configuration: configuration)
    return try queue.read { db in
        var lines: [String] = []
        let schema = try Row.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master ORDER BY type, name")
        for entry in schema {
            lines.append("\(entry["type"] ?? "") \(entry["name"] ?? ""): \(entry["sql"] as String? ?? "")")
        }
        let tables = try String.fetchAll(
            db,
            sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name
                """)
        for table in tables {
            lines.append("-- \(table)")
            let withoutRowID =
                try Row.fetchOne(
                    db, sql: "SELECT 1 FROM sqlite_master WHERE name = ? AND sql LIKE '%WITHOUT ROWID%'",
                    arguments: [table]) != nil
            let order = withoutRowID ? "" : " ORDER BY rowid"
            for row in try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier)\(order)") {
                lines.append(row.description)
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// The number of rows in `table`.
public func rowCount(_ path: String, _ table: String) throws -> Int {
    let queue = try DatabaseQueue(path: path)
    return try queue.read { db in try Table(table).fetchCount(db) }
}

/// A database file made by running `sql` on it: a file left by some other
/// program, or by another step, for a test to hand to the step under test.
public func makeDatabase(at path: String, sql: String) throws {
    try DatabaseQueue(path: path).write { db in try db.execute(sql: sql) }
}
