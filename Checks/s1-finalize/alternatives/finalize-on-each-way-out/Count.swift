import CSQLite

// Exercise s1-finalize · fix the bug · chapter 1, "Statements with values: prepare, bind, step, reset, finalize"
//
// `countPlayers` returns the right number, and the tour would never notice
// anything wrong. But every call leaves something behind on the connection,
// and while anything is left `sqlite3_close` refuses to close it. Find the leak,
// and stop it on every way out of the function: a return, and a thrown error.

/// What went wrong, for you to throw: the result code and the SQL.
struct SQLiteFailure: Error {
    var code: Int32
    var sql: String
}

/// The number of players whose name starts with `prefix`.
func countPlayers(_ db: OpaquePointer, prefix: String) throws -> Int64 {
    let sql = "SELECT count(*) FROM players WHERE substr(name, 1, length(?1)) = ?1"
    var statement: OpaquePointer?
    let prepared = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
    guard prepared == SQLITE_OK else {
        sqlite3_finalize(statement)
        throw SQLiteFailure(code: prepared, sql: sql)
    }
    // SQLITE_TRANSIENT: SQLite copies the text before this call returns.
    let bound = sqlite3_bind_text(statement, 1, prefix, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
    guard bound == SQLITE_OK else {
        sqlite3_finalize(statement)
        throw SQLiteFailure(code: bound, sql: sql)
    }
    let code = sqlite3_step(statement)
    let count = sqlite3_column_int64(statement, 0)
    sqlite3_finalize(statement)
    guard code == SQLITE_ROW else { throw SQLiteFailure(code: code, sql: sql) }
    return count
}
