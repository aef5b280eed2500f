import CSQLite

// Exercise s1-read-nulls · write the code · chapter 1, "Reading rows: step and column"
//
// The table: scores (id INTEGER PRIMARY KEY, name TEXT NOT NULL, points INTEGER)
// A player who has not played yet has points NULL. Write `readScores`:
// every row, ordered by id, with NULL points read as nil (not 0), and the
// statement finalized before you return, whatever happens. An error from
// sqlite3_step is thrown, not taken for the end of the rows.

struct Score: Equatable {
    var name: String
    var points: Int64?
}

/// What went wrong, for you to throw: the result code and the SQL.
struct SQLiteFailure: Error {
    var code: Int32
    var sql: String
}

func readScores(_ db: OpaquePointer) throws -> [Score] {
    let sql = "SELECT name, points FROM scores ORDER BY id"
    var statement: OpaquePointer?
    let prepared = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
    // Finalize on every way out, including the throws below.
    defer { sqlite3_finalize(statement) }
    guard prepared == SQLITE_OK else { throw SQLiteFailure(code: prepared, sql: sql) }

    var scores: [Score] = []
    while true {
        let code = sqlite3_step(statement)
        if code == SQLITE_DONE { break }
        guard code == SQLITE_ROW else { throw SQLiteFailure(code: code, sql: sql) }
        // sqlite3_column_int64 reads NULL as 0: ask for the type first.
        let points: Int64? = sqlite3_column_int64(statement, 1)
        scores.append(Score(name: String(cString: sqlite3_column_text(statement, 0)), points: points))
    }
    return scores
}
