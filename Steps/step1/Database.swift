import CSQLite
import CourseCore
import Foundation

// The calls every piece of step 1 makes on a connection, whatever the table:
// open it, run SQL without values, check a result code, group statements in
// a transaction, count rows. Player.swift uses them for the players table.

// [docs:open]
/// Opens (and creates, if missing) the database file at `path`.
///
/// `sqlite3_open_v2` takes explicit flags: read-write, and create the file if
/// it doesn't exist. Without `SQLITE_OPEN_CREATE`, a missing file is an error.
func openDatabase(_ path: String) throws -> OpaquePointer {
    var db: OpaquePointer?
    let code = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
    guard code == SQLITE_OK, let db else {
        // Even a failed open may return a handle: it holds the error message,
        // and it must be closed.
        let error = SQLiteError(connection: db, resultCode: code, sql: nil)
        sqlite3_close_v2(db)
        throw error
    }
    // Another process may be writing the file right now. Without a busy
    // handler SQLite fails at once with SQLITE_BUSY; this one retries for up
    // to 10 s (BusyTimeout) before it gives up.
    sqlite3_busy_timeout(db, BusyTimeout.milliseconds)
    return db
}
// [/docs:open]

// [docs:check]
/// Throws unless `code` is the one expected (SQLITE_OK by default).
///
/// Call it on the answer of every C call, *at once*: the connection keeps
/// only its last error, and the next successful call (the next bind, say)
/// wipes it out, leaving "not an error" where the real message was.
func check(_ code: Int32, _ db: OpaquePointer, sql: String?, expected: Int32 = SQLITE_OK) throws {
    guard code == expected else { throw SQLiteError(connection: db, resultCode: code, sql: sql) }
}
// [/docs:check]

// [docs:execute]
/// Runs SQL that needs no values and returns no rows.
func execute(_ db: OpaquePointer, _ sql: String) throws {
    try check(sqlite3_exec(db, sql, nil, nil, nil), db, sql: sql)
}
// [/docs:execute]

// [docs:transaction]
/// Runs `body` inside BEGIN … COMMIT, or ROLLBACK if it throws.
///
/// Outside a transaction SQLite wraps every statement in its own, and makes
/// each one durable on disk before the next. Inside one, it does that once.
func inTransaction(_ db: OpaquePointer, _ body: () throws -> Void) throws {
    try execute(db, "BEGIN")
    do {
        try body()
        try execute(db, "COMMIT")
    } catch {
        // Undo everything since BEGIN. (Its own failure would hide the real error.)
        sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
        throw error
    }
}

/// `SELECT count(*)` from a table. The name cannot be a `?` placeholder
/// (placeholders stand for values, not names), so it is quoted instead.
func countRows(_ db: OpaquePointer, table: String) throws -> Int64 {
    let quoted = "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    let sql = "SELECT count(*) FROM \(quoted)"
    var statement: OpaquePointer?
    try check(sqlite3_prepare_v2(db, sql, -1, &statement, nil), db, sql: sql)
    defer { sqlite3_finalize(statement) }
    try check(sqlite3_step(statement), db, sql: sql, expected: SQLITE_ROW)
    return sqlite3_column_int64(statement, 0)
}
// [/docs:transaction]
