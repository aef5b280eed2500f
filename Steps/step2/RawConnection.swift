import CSQLite
import CourseCore
import Foundation

// Step 1 spells out every call of the SQLite C API. The queue below needs the
// same calls without the commentary, so this file packs them into a small
// class. docs/02-queue-wrapper.md compares the two.

/// One SQLite connection through the C API: open, run statements, close.
///
/// Not for two threads at once: its one transaction would mix their statements.
/// Step 2 shows how a serial queue prevents that.
/// (`@unchecked Sendable` lets that queue carry it across threads.)
final class RawConnection: @unchecked Sendable {
    let handle: OpaquePointer

    /// `sqlite3_open_v2` with explicit flags: read and write, create if missing.
    init(path: String, trace narrator: Narrator? = nil) throws {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            // Even a failed open may allocate a handle that holds the message.
            let error = SQLiteError(connection: handle, resultCode: code, sql: nil)
            sqlite3_close_v2(handle)
            throw error
        }
        self.handle = handle
        sqlite3_busy_timeout(handle, BusyTimeout.milliseconds)  // wait for another process's lock (chapter 1)
        RawTrace.install(on: handle, narrator: narrator)  // --trace, --stats
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements with no values and no rows (`sqlite3_exec`).
    func execute(_ sql: String) throws {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw SQLiteError(connection: handle, resultCode: code, sql: sql) }
    }

    /// Runs one statement with `values` bound to its `?` placeholders.
    func run(_ sql: String, _ values: [SQLiteValue] = []) throws {
        _ = try query(sql, values)
    }

    // [docs:raw-query]
    /// Runs one statement and returns its rows.
    func query(_ sql: String, _ values: [SQLiteValue] = []) throws -> [[SQLiteValue]] {
        var statement: OpaquePointer?
        var code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK else { throw SQLiteError(connection: handle, resultCode: code, sql: sql) }
        defer { sqlite3_finalize(statement) }

        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)  // placeholders count from 1
            switch value {
            case .null: code = sqlite3_bind_null(statement, index)
            case .integer(let int): code = sqlite3_bind_int64(statement, index, int)
            case .real(let double): code = sqlite3_bind_double(statement, index, double)
            // Text and blobs go with their length in bytes, not -1 ("up to the first
            // zero byte"): either may hold 0x00 bytes.
            case .text(let text):
                code = sqlite3_bind_text(statement, index, text, Int32(text.utf8.count), SQLITE_TRANSIENT)
            case .blob(let bytes):
                // An empty Data has no address, and a NULL pointer would bind NULL: zeroblob(0).
                code =
                    bytes.isEmpty
                    ? sqlite3_bind_zeroblob(statement, index, 0)
                    : bytes.withUnsafeBytes { buffer in
                        sqlite3_bind_blob(statement, index, buffer.baseAddress, Int32(buffer.count), SQLITE_TRANSIENT)
                    }
            }
            guard code == SQLITE_OK else { throw SQLiteError(connection: handle, resultCode: code, sql: sql) }
        }

        var rows: [[SQLiteValue]] = []
        while true {
            code = sqlite3_step(statement)
            if code == SQLITE_DONE { return rows }
            guard code == SQLITE_ROW else { throw SQLiteError(connection: handle, resultCode: code, sql: sql) }
            rows.append((0..<sqlite3_column_count(statement)).map { column in value(statement, column) })
        }
    }

    /// Column `column` of the current row, read as the storage class it holds
    /// in this row: in SQLite the type belongs to the value, not to the column.
    private func value(_ statement: OpaquePointer?, _ column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(statement, column) {  // asked first: a conversion would change it
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            // The pointer first, then its length in bytes (the order SQLite asks for).
            let text = sqlite3_column_text(statement, column)
            let count = Int(sqlite3_column_bytes(statement, column))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            // Read by length, never as a C string: a 0x00 byte would end it.
            let bytes = sqlite3_column_blob(statement, column)
            let count = Int(sqlite3_column_bytes(statement, column))
            return .blob(bytes.map { Data(bytes: $0, count: count) } ?? Data())  // a NULL pointer: a zero-length blob
        default: return .null  // SQLITE_NULL
        }
    }
    // [/docs:raw-query]

    /// The rowid of the last row inserted on this connection.
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Whether no transaction is open: each statement then commits on its own
    /// (`sqlite3_get_autocommit`). The connection has one transaction at a time,
    /// whoever sends its statements.
    var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }
}
