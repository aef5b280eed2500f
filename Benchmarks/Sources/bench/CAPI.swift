import CourseCounters
import GRDBSQLite

// The C API side of every comparison: the calls step 1 teaches, wrapped just
// enough to throw SQLite's code and message instead of being checked by hand
// at every call. Nothing here caches or hides work: one Swift call, one C call.

/// A failed SQLite call: the result code, its name, SQLite's message, the SQL.
struct SQLiteError: Error, CustomStringConvertible {
    var code: Int32
    var message: String
    var sql: String

    var description: String {
        "SQLite error \(code) (\(String(cString: sqlite3_errstr(code)))): \(message)\n  SQL: \(sql)"
    }
}

/// SQLite copies the bound text before the call returns (the Swift string's
/// bytes live only for the duration of the call).
let sqliteTransient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

/// A connection (`sqlite3 *`), closed when the last reference goes away.
final class CConnection {
    let handle: OpaquePointer
    /// How many statements this connection compiled (`sqlite3_prepare_v2` calls).
    private(set) var prepares = 0
    /// What SQLite counted for the statements this connection finalized
    /// (`sqlite3_stmt_status`, read just before `sqlite3_finalize`).
    fileprivate(set) var finalized = StatementCounts()

    /// The syncs, reads and writes of this database's files so far (the counting VFS).
    var fileCounts: DatabaseFileCounts { DatabaseFileCounts(connection: handle) }

    init(path: String) throws {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw SQLiteError(code: code, message: message, sql: "(open \(path))")
        }
        self.handle = handle
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs one or more statements that return no rows we want.
    func execute(_ sql: String) throws {
        try check(sqlite3_exec(handle, sql, nil, nil, nil), sql)
    }

    /// Compiles one statement: SQL text → bytecode (`sqlite3_prepare_v2`).
    func prepare(_ sql: String) throws -> CStatement {
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(handle, sql, -1, &statement, nil), sql)
        prepares += 1
        guard let statement else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "no statement in the SQL", sql: sql)
        }
        return CStatement(handle: statement, connection: self, sql: sql)
    }

    /// The one text value of a query such as `PRAGMA journal_mode`.
    func text(_ sql: String) throws -> String {
        let statement = try prepare(sql)
        return try statement.step() ? statement.text(0) : ""
    }

    func check(_ code: Int32, _ sql: String) throws {
        guard code == SQLITE_OK else {
            throw SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
        }
    }
}

/// A prepared statement (`sqlite3_stmt *`), finalized when released.
final class CStatement {
    let handle: OpaquePointer
    let connection: CConnection
    let sql: String

    init(handle: OpaquePointer, connection: CConnection, sql: String) {
        self.handle = handle
        self.connection = connection
        self.sql = sql
    }

    deinit {
        connection.finalized = connection.finalized + StatementCounts(handle)
        sqlite3_finalize(handle)
    }

    func bind(_ index: Int32, _ value: Int64) throws {
        try connection.check(sqlite3_bind_int64(handle, index, value), sql)
    }

    func bind(_ index: Int32, _ value: String) throws {
        try connection.check(sqlite3_bind_text(handle, index, value, -1, sqliteTransient), sql)
    }

    /// One step: true when a row is ready, false when the statement is done.
    func step() throws -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        throw SQLiteError(code: code, message: String(cString: sqlite3_errmsg(connection.handle)), sql: sql)
    }

    /// Ready to run again, with new bindings: the compiled bytecode is kept.
    func reset() throws {
        try connection.check(sqlite3_reset(handle), sql)
    }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        return String(cString: bytes)
    }
}
