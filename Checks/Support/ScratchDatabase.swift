import CSQLite
import Foundation

/// A real SQLite database for a check, through the C API (so that checks of
/// step 1 need no GRDB): in memory, or a file in a fresh temporary folder
/// that is deleted when the check ends.
public final class ScratchDatabase {
    public let handle: OpaquePointer
    public let path: String
    private let folder: URL?

    /// `file: true` makes a real file (for exercises where the file matters).
    public init(file: Bool = false) throws {
        var folder: URL?
        if file {
            let url = FileManager.default.temporaryDirectory
                .appendingPathComponent("course-check-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            folder = url
        }
        path = folder?.appendingPathComponent("check.sqlite").path ?? ":memory:"
        var db: OpaquePointer?
        let code = sqlite3_open(path, &db)
        guard code == SQLITE_OK, let db else {
            throw CheckFailure("opening \(path)", expected: "SQLITE_OK", actual: "result code \(code)")
        }
        handle = db
        self.folder = folder
    }

    deinit {
        sqlite3_close_v2(handle)
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// Runs statements without results (the check's own setup).
    public func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            throw CheckFailure(
                "the check's setup SQL failed", expected: "SQLITE_OK",
                actual: "code \(code): \(message.map { String(cString: $0) } ?? "")", sql: sql)
        }
    }

    /// Every row of a query, each value as text, read by its type: "NULL" for
    /// NULL, SQLite's own text for a number, a text's every byte (a zero byte
    /// too: `sqlite3_column_text` alone ends a C string there), a blob as SQL
    /// writes it, X'00FF' (as `quote()` does): never mistaken for a text.
    public func rows(_ sql: String) throws -> [[String]] {
        try withStatement(sql) { statement in
            var rows: [[String]] = []
            while true {
                let step = sqlite3_step(statement)
                if step == SQLITE_DONE { break }
                guard step == SQLITE_ROW else {
                    throw CheckFailure(
                        "the query failed while running", expected: "rows",
                        actual: "code \(step): \(String(cString: sqlite3_errmsg(handle)))", sql: sql)
                }
                rows.append((0..<sqlite3_column_count(statement)).map { Self.text(statement, $0) })
            }
            return rows
        }
    }

    /// One value of the current row, as `rows` shows it. `sqlite3_column_bytes`
    /// comes after `sqlite3_column_text` or `_blob`, as SQLite's documentation
    /// asks: it then counts the bytes of the value just read.
    static func text(_ statement: OpaquePointer, _ column: Int32) -> String {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_NULL:
            return "NULL"
        case SQLITE_BLOB:
            let bytes = sqlite3_column_blob(statement, column)
            let count = Int(sqlite3_column_bytes(statement, column))
            let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
            return "X'" + data.map { String(format: "%02X", $0) }.joined() + "'"
        default:  // INTEGER, FLOAT (SQLite converts them to text), TEXT
            guard let text = sqlite3_column_text(statement, column) else { return "" }
            let count = Int(sqlite3_column_bytes(statement, column))
            return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
        }
    }

    /// The names of a query's result columns, as SQLite gives them (`sqlite3_column_name`): the alias
    /// after AS, else a plain column's own name, else the expression's text (`count(*)`).
    public func columnNames(_ sql: String) throws -> [String] {
        try withStatement(sql) { statement in
            (0..<sqlite3_column_count(statement)).map { String(cString: sqlite3_column_name(statement, $0)) }
        }
    }

    /// Runs `body` on `sql` prepared, and finalizes it after; a query SQLite refuses fails with its code and
    /// message.
    private func withStatement<T>(_ sql: String, _ body: (OpaquePointer) throws -> T) throws -> T {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        guard code == SQLITE_OK, let statement else {
            throw CheckFailure(
                "SQLite refused the query", expected: "a valid SELECT",
                actual: "code \(code): \(String(cString: sqlite3_errmsg(handle)))", sql: sql)
        }
        return try body(statement)
    }

    /// The single value of a one-row, one-column query.
    public func value(_ sql: String) throws -> String {
        try rows(sql).first?.first ?? "(no row)"
    }
}
