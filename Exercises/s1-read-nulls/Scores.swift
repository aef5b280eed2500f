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
    // TODO: prepare `sql`, step through the rows, read both columns, finalize.
    _ = sql
    return []
}
