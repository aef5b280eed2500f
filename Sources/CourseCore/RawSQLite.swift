import CSQLite
import Foundation

// Step 1 spells out every call of the SQLite C API. Later code needs the same
// calls without the commentary, so this file packs them into a small class,
// `RawConnection`. docs/02-queue-wrapper.md compares the two.

/// `SQLITE_TRANSIENT` tells `sqlite3_bind_text` to copy the string at once:
/// Swift's temporary C string is gone as soon as the call returns. The C macro
/// is a cast of -1 to a function pointer, which Swift cannot import, so we
/// build the same value here.
public let SQLITE_TRANSIENT = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

extension SQLiteError {
    /// What the connection says about its last failure: the codes and
    /// `sqlite3_errmsg`. Call it right after the failing call: the next call
    /// on the connection overwrites it.
    public init(connection: OpaquePointer?, resultCode: Int32, sql: String?) {
        var message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? ResultCodeName.description(resultCode)
        var extended = connection.map { sqlite3_extended_errcode($0) } ?? resultCode
        // A successful call since the failure has cleared the connection's error
        // ("not an error", code 0): then the code we were given is all we know.
        if extended == SQLITE_OK && resultCode != SQLITE_OK {
            extended = resultCode
            message = ResultCodeName.description(resultCode)
        }
        self.init(resultCode: resultCode & 0xFF, extendedResultCode: extended, message: message, sql: sql)
    }
}

/// `--trace` for the C API: asks SQLite to call us back with each statement
/// as it starts running (`SQLITE_TRACE_STMT`), with its values filled in.
public enum RawTrace {
    public static func install(on connection: OpaquePointer, narrator: Narrator) {
        // The callback is a C function: it cannot capture `narrator`, so the
        // narrator travels through the untyped `context` pointer instead.
        // `passRetained` keeps it alive for as long as SQLite may call back;
        // it is never released (one small object per traced connection).
        let context = Unmanaged.passRetained(narrator).toOpaque()
        sqlite3_trace_v2(connection, UInt32(SQLITE_TRACE_STMT), { _, context, statement, _ in
            guard let context, let statement else { return 0 }
            let narrator = Unmanaged<Narrator>.fromOpaque(context).takeUnretainedValue()
            if let expanded = sqlite3_expanded_sql(OpaquePointer(statement)) {
                narrator.trace(String(cString: expanded))
                sqlite3_free(expanded)
            }
            return 0
        }, context)
    }
}

/// A value as the C API reads and writes it: SQLite's storage classes.
public enum RawValue: Equatable, Sendable, CustomStringConvertible {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    public var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let value): value
        }
    }
}

/// One SQLite connection through the C API: open, run statements, close.
///
/// Not thread-safe by design: step 2 shows how a serial queue makes it so.
/// (`@unchecked Sendable` lets that queue carry it across threads.)
public final class RawConnection: @unchecked Sendable {
    public let handle: OpaquePointer

    /// `sqlite3_open_v2` with explicit flags: read and write, create if missing.
    public init(path: String, trace narrator: Narrator? = nil) throws {
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
        if let narrator { RawTrace.install(on: handle, narrator: narrator) }
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements with no values and no rows (`sqlite3_exec`).
    public func execute(_ sql: String) throws {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw SQLiteError(connection: handle, resultCode: code, sql: sql) }
    }

    /// Runs one statement with `values` bound to its `?` placeholders.
    public func run(_ sql: String, _ values: [RawValue] = []) throws {
        _ = try query(sql, values)
    }

    // [docs:raw-query]
    /// Runs one statement and returns its rows.
    public func query(_ sql: String, _ values: [RawValue] = []) throws -> [[RawValue]] {
        var statement: OpaquePointer?
        var code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK else { throw SQLiteError(connection: handle, resultCode: code, sql: sql) }
        defer { sqlite3_finalize(statement) }

        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1) // placeholders count from 1
            switch value {
            case .null: code = sqlite3_bind_null(statement, index)
            case .integer(let int): code = sqlite3_bind_int64(statement, index, int)
            case .real(let double): code = sqlite3_bind_double(statement, index, double)
            case .text(let text): code = sqlite3_bind_text(statement, index, text, -1, SQLITE_TRANSIENT)
            }
            guard code == SQLITE_OK else { throw SQLiteError(connection: handle, resultCode: code, sql: sql) }
        }

        var rows: [[RawValue]] = []
        while true {
            code = sqlite3_step(statement)
            if code == SQLITE_DONE { return rows }
            guard code == SQLITE_ROW else { throw SQLiteError(connection: handle, resultCode: code, sql: sql) }
            rows.append((0..<sqlite3_column_count(statement)).map { column in
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: .integer(sqlite3_column_int64(statement, column))
                case SQLITE_FLOAT: .real(sqlite3_column_double(statement, column))
                case SQLITE_NULL: .null
                default: .text(String(cString: sqlite3_column_text(statement, column)))
                }
            })
        }
    }
    // [/docs:raw-query]

    /// The rowid of the last row inserted on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
}
