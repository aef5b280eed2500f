import CSQLite

// Exercise s1-transaction · fix the bug · chapter 1, "Transactions: why grouping writes matters"
//
// `addPlayers` adds a whole roster, or nothing: a roster with a name that is
// already taken must leave the table as it was. It does not: when the third
// insert fails, the first two are already there. Make it all or nothing.

/// What went wrong, for you to throw: the result code and the SQL.
struct SQLiteFailure: Error {
    var code: Int32
    var sql: String
}

/// Runs SQL without values; throws what SQLite said.
func execute(_ db: OpaquePointer, _ sql: String) throws {
    let code = sqlite3_exec(db, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw SQLiteFailure(code: code, sql: sql) }
}

/// Inserts every name into players (name TEXT NOT NULL UNIQUE): all of them, or none.
func addPlayers(_ db: OpaquePointer, names: [String]) throws {
    let sql = "INSERT INTO players (name) VALUES (?)"
    var statement: OpaquePointer?
    let prepared = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
    defer { sqlite3_finalize(statement) }
    guard prepared == SQLITE_OK else { throw SQLiteFailure(code: prepared, sql: sql) }

    try execute(db, "BEGIN")
    do {
        for name in names {
            sqlite3_reset(statement)
            sqlite3_bind_text(
                statement, 1, name, Int32(name.count), unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            let code = sqlite3_step(statement)
            guard code == SQLITE_DONE else { throw SQLiteFailure(code: code, sql: sql) }
        }
        try execute(db, "COMMIT")
    } catch {
        // Undo every insert since BEGIN, then report the real error.
        sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
        throw error
    }
}
