import CSQLite
import CourseCore

// Step 1 talks to SQLite through its C API, one call at a time. The functions
// below are what the app does with its `players` table; the tour (Tour.swift)
// and the subcommands (Step1.swift) both use them. Database.swift holds the
// calls that do not depend on the table (open, check, execute, transaction).

/// A player, as the `players` table stores it.
struct Player: Equatable {
    var id: Int64
    var name: String
    var createdAt: String?  // NULL when unknown
    var isInjured: Bool
}

/// A player not inserted yet: no id until SQLite gives one.
typealias NewPlayer = (name: String, createdAt: String?, isInjured: Bool)

// [docs:create-table]
/// Creates the `players` table. `sqlite3_exec` runs SQL that needs no values
/// and returns no rows: the simplest way to run a statement.
func createPlayersTable(_ db: OpaquePointer) throws {
    let sql = """
        CREATE TABLE IF NOT EXISTS players (
          id        INTEGER PRIMARY KEY AUTOINCREMENT,
          name      TEXT NOT NULL,
          createdAt TEXT,
          isInjured INTEGER NOT NULL DEFAULT 0
        )
        """
    try execute(db, sql)
}
// [/docs:create-table]

// [docs:insert]
let insertPlayerSQL = "INSERT INTO players (name, createdAt, isInjured) VALUES (?, ?, ?)"

/// Inserts players with one prepared statement, reused for every row.
///
/// Preparing compiles the SQL once; each row then only binds new values to
/// the `?` placeholders, steps, and resets. Values are bound, never pasted
/// into the SQL: a name like `Robert'); DROP TABLE players;--` stays a name.
func insertPlayers(_ db: OpaquePointer, _ players: [NewPlayer]) throws {
    let sql = insertPlayerSQL
    var statement: OpaquePointer?
    try check(sqlite3_prepare_v2(db, sql, -1, &statement, nil), db, sql: sql)
    // Whatever happens next, the compiled statement is freed.
    defer { sqlite3_finalize(statement) }

    for player in players {
        // Placeholders count from 1. SQLITE_TRANSIENT: SQLite copies the text
        // now, because Swift frees its temporary C string after the call.
        // Each bind is checked before the next call, which would clear its error.
        try check(sqlite3_bind_text(statement, 1, player.name, -1, SQLITE_TRANSIENT), db, sql: sql)
        if let createdAt = player.createdAt {
            try check(sqlite3_bind_text(statement, 2, createdAt, -1, SQLITE_TRANSIENT), db, sql: sql)
        } else {
            try check(sqlite3_bind_null(statement, 2), db, sql: sql)
        }
        try check(sqlite3_bind_int64(statement, 3, player.isInjured ? 1 : 0), db, sql: sql)

        // An INSERT produces no rows: success is SQLITE_DONE.
        try check(sqlite3_step(statement), db, sql: sql, expected: SQLITE_DONE)
        // Back to the start, ready for the next row's values.
        sqlite3_reset(statement)
    }
}
// [/docs:insert]

// [docs:fetch]
/// Reads every player. `sqlite3_step` returns SQLITE_ROW once per row, then
/// SQLITE_DONE; `sqlite3_column_*` read the current row's columns, counted from 0.
func fetchPlayers(_ db: OpaquePointer) throws -> [Player] {
    let sql = "SELECT id, name, createdAt, isInjured FROM players ORDER BY id"
    var statement: OpaquePointer?
    try check(sqlite3_prepare_v2(db, sql, -1, &statement, nil), db, sql: sql)
    defer { sqlite3_finalize(statement) }

    var players: [Player] = []
    while true {
        let code = sqlite3_step(statement)
        if code == SQLITE_DONE { break }
        try check(code, db, sql: sql, expected: SQLITE_ROW)
        // sqlite3_column_text returns a NULL pointer for a NULL value:
        // check the column's type first instead of crashing on it.
        let createdAt: String? =
            sqlite3_column_type(statement, 2) == SQLITE_NULL
            ? nil
            : String(cString: sqlite3_column_text(statement, 2))
        players.append(
            Player(
                id: sqlite3_column_int64(statement, 0),
                name: String(cString: sqlite3_column_text(statement, 1)),
                createdAt: createdAt,
                isInjured: sqlite3_column_int64(statement, 3) != 0
            ))
    }
    return players
}
// [/docs:fetch]

/// The table as the narrator prints it.
func playersTable(_ players: [Player]) -> (headers: [String], rows: [[String?]]) {
    (
        ["id", "name", "createdAt", "isInjured"],
        players.map { [String($0.id), $0.name, $0.createdAt, $0.isInjured ? "1" : "0"] }
    )
}
