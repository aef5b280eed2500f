import CSQLite
import Foundation

// MARK: - What the generator knows about a schema

/// A table, as SQLite describes it.
public struct Table: Equatable, Sendable {
    public var name: String
    /// The `CREATE TABLE` statement, as stored in `sqlite_schema`.
    public var sql: String
    public var withoutRowID: Bool
    /// `STRICT` (SQLite 3.37+): SQLite refuses a value its column's type cannot hold.
    public var strict: Bool = false
    public var columns: [TableColumn]
    public var foreignKeys: [ForeignKeyInfo]
    /// Sets of columns each a UNIQUE index (or the primary key) covers.
    public var uniqueColumnSets: [[String]]

    /// The primary key's columns, in key order.
    public var primaryKey: [TableColumn] {
        columns.filter { $0.primaryKeyIndex > 0 }.sorted { $0.primaryKeyIndex < $1.primaryKeyIndex }
    }

    /// An `INTEGER PRIMARY KEY` of a rowid table is the rowid itself:
    /// SQLite picks its value on INSERT. (Not in a WITHOUT ROWID table, and
    /// not for `INT PRIMARY KEY`: the type must be spelled INTEGER.)
    public var rowIDColumn: TableColumn? {
        let key = primaryKey
        guard !withoutRowID, key.count == 1, key[0].declaredType.uppercased() == "INTEGER" else { return nil }
        return key[0]
    }
}

/// A column, from `PRAGMA table_xinfo`.
public struct TableColumn: Equatable, Sendable {
    public var name: String
    public var declaredType: String
    public var notNull: Bool
    /// The DEFAULT clause's SQL text (`''`, `0`, `CURRENT_TIMESTAMP`), or nil.
    public var defaultSQL: String?
    /// 1, 2… for the columns of the primary key; 0 otherwise.
    public var primaryKeyIndex: Int
    /// `GENERATED ALWAYS AS (…)`: SQLite computes it; nobody inserts it.
    public var isGenerated: Bool
}

/// A foreign key, from `PRAGMA foreign_key_list`: `columns` of this table
/// refer to `parentColumns` of `parentTable` (empty: its primary key).
public struct ForeignKeyInfo: Equatable, Sendable {
    public var parentTable: String
    public var columns: [String]
    public var parentColumns: [String]
}

/// An error that points at a line of an input file, as compilers do:
/// `BodiesDB-001.sql:12:5: error: near "TABEL": syntax error`.
public struct SchemaError: Error, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}

// MARK: - Reading a schema from SQLite

/// A schema loaded into SQLite: a `.sql` file executed into an in-memory
/// database, or a database file opened read-only. Everything is then asked
/// of SQLite itself — the generator never parses SQL.
public final class SchemaSource {
    private var connection: OpaquePointer?
    public let path: String
    /// The SQL the schema came from: a `.sql` file's text as it is, or a
    /// database file's `CREATE` statements from `sqlite_schema`.
    public private(set) var sql = ""

    /// The first 16 bytes of every SQLite database file.
    static let header = Data("SQLite format 3\0".utf8)

    public init(path: String) throws {
        self.path = path
        let url = URL(fileURLWithPath: path)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SchemaError(file: path, line: 1, column: 1, message: "no such file, or it cannot be read")
        }
        if data.prefix(16) == Self.header {
            // immutable=1: read it as it is, with no lock and no journal
            // (a build plugin may not write next to its inputs).
            let uri =
                "file:\(url.path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? url.path)?immutable=1"
            try open(uri, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI)
            sql = try rows(
                "SELECT sql || ';' FROM sqlite_schema WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
            )
            .compactMap { $0[0] }.joined(separator: "\n")
        } else {
            sql = String(decoding: data, as: UTF8.self)
            try open(":memory:", flags: SQLITE_OPEN_READWRITE)
            try execute(sql)
        }
    }

    /// A schema given as SQL text (tests use this).
    public init(sql: String, name: String) throws {
        path = name
        self.sql = sql
        try open(":memory:", flags: SQLITE_OPEN_READWRITE)
        try execute(sql)
    }

    deinit { sqlite3_close_v2(connection) }

    private func open(_ location: String, flags: Int32) throws {
        let code = sqlite3_open_v2(location, &connection, flags, nil)
        guard code == SQLITE_OK else {
            throw SchemaError(
                file: path, line: 1, column: 1, message: "cannot open: \(String(cString: sqlite3_errstr(code)))")
        }
    }

    /// Runs every statement of `sql`, one at a time, so that a failure can
    /// say where: the statement's start plus `sqlite3_error_offset` (SQLite
    /// 3.38+) is the byte SQLite choked on.
    private func execute(_ sql: String) throws {
        var bytes = Array(sql.utf8CString)
        try bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var next: UnsafePointer<CChar>? = UnsafePointer(base)
            while let start = next, start.pointee != 0 {
                var statement: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                var code = sqlite3_prepare_v2(connection, start, -1, &statement, &tail)
                if code == SQLITE_OK, let statement {
                    repeat { code = sqlite3_step(statement) } while code == SQLITE_ROW
                    sqlite3_finalize(statement)
                    if code == SQLITE_DONE { code = SQLITE_OK }
                }
                if code != SQLITE_OK {
                    let offset = Int(sqlite3_error_offset(connection))
                    let at = start - UnsafePointer(base) + max(offset, 0)
                    throw error(at: at, in: buffer, message: String(cString: sqlite3_errmsg(connection)))
                }
                next = tail
            }
        }
    }

    private func error(at byte: Int, in buffer: UnsafeMutableBufferPointer<CChar>, message: String) -> SchemaError {
        // Skip the white space (and comments' end) before a statement: the
        // error points at the statement's first word, not at a blank line.
        var index = min(byte, buffer.count - 1)
        while index < buffer.count - 1, [32, 9, 10, 13].contains(buffer[index]) { index += 1 }
        let before = buffer[..<index]
        let line = before.filter { $0 == 10 }.count + 1
        let column = index - (before.lastIndex(of: 10).map { $0 + 1 } ?? 0) + 1
        return SchemaError(file: path, line: line, column: column, message: message)
    }

    /// Rows of a query, each column as text (nil for NULL).
    func rows(_ sql: String) throws -> [[String?]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw SchemaError(
                file: path, line: 1, column: 1, message: "\(String(cString: sqlite3_errmsg(connection))) in \(sql)")
        }
        defer { sqlite3_finalize(statement) }
        var rows: [[String?]] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append(
                (0..<sqlite3_column_count(statement)).map { index in
                    sqlite3_column_text(statement, index).map { String(cString: $0) }
                })
        }
        return rows
    }

    /// A constant default evaluated by SQLite: `''` → (text, ""), `0` →
    /// (integer, "0"), `-1.5` → (real, "-1.5"). Nil for anything else.
    func evaluate(_ expression: String) -> (type: String, text: String?)? {
        guard let row = try? rows("SELECT typeof(\(expression)), \(expression)").first,
            let type = row.first ?? nil
        else { return nil }
        return (type, row[1])
    }

    /// SQL's way of quoting a name: "Order Details", with " doubled.
    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    // MARK: The tables

    /// Every ordinary table, by name: not views, not virtual tables and
    /// their shadow tables, not SQLite's own `sqlite_…` tables.
    public func tables() throws -> [Table] {
        // PRAGMA table_list (SQLite 3.37+): type is 'table', 'view', 'virtual' or 'shadow'; wr is WITHOUT ROWID, strict is STRICT.
        let list = try rows(
            "SELECT name, wr, strict FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"
        )
        return try list.compactMap { row in
            guard let name = row[0] else { return nil }
            let q = Self.quoted(name)
            let sql =
                try rows("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = \(Self.literal(name))").first?[
                    0] ?? ""
            // PRAGMA table_xinfo: cid, name, type, notnull, dflt_value, pk, hidden (2, 3: generated)
            let columns = try rows("PRAGMA table_xinfo(\(q))").map { column in
                TableColumn(
                    name: column[1] ?? "", declaredType: column[2] ?? "", notNull: column[3] == "1",
                    defaultSQL: column[4], primaryKeyIndex: Int(column[5] ?? "0") ?? 0,
                    isGenerated: column[6] == "2" || column[6] == "3")
            }
            // PRAGMA foreign_key_list: id, seq, table, from, to, … — one row per column of each key.
            var keys: [Int: ForeignKeyInfo] = [:]
            for key in try rows("PRAGMA foreign_key_list(\(q))") {
                let id = Int(key[0] ?? "0") ?? 0
                keys[id, default: ForeignKeyInfo(parentTable: key[2] ?? "", columns: [], parentColumns: [])]
                    .columns.append(key[3] ?? "")
                if let to = key[4] { keys[id]?.parentColumns.append(to) }
            }
            // PRAGMA index_list: seq, name, unique, origin, partial; then index_info for the columns.
            var unique: [[String]] = []
            for index in try rows("PRAGMA index_list(\(q))") where index[2] == "1" && index[4] == "0" {
                guard let indexName = index[1] else { continue }
                unique.append(try rows("PRAGMA index_info(\(Self.quoted(indexName)))").compactMap { $0[2] })
            }
            let table = Table(
                name: name, sql: sql, withoutRowID: row[1] == "1", strict: row[2] == "1", columns: columns,
                foreignKeys: keys.values.sorted {
                    position($0.columns, columns).lexicographicallyPrecedes(position($1.columns, columns))
                },
                uniqueColumnSets: unique)
            return table
        }
    }

    /// Keys in the order of their columns in the table (SQLite numbers them
    /// differently for column and table constraints).
    private func position(_ names: [String], _ columns: [TableColumn]) -> [Int] {
        names.map { name in columns.firstIndex { $0.name == name } ?? Int.max }
    }

    static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
