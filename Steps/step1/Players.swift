import CSQLite
import CourseCore
import Foundation

// Step 1 talks to SQLite through its C API, one call at a time. Each function
// below is one thing an app does with its database; the tour (Tour.swift) and
// the subcommands (Step1.swift) both use them.

/// A player, as the `players` table stores it.
struct Player: Equatable {
    var id: Int64
    var name: String
    var createdAt: String? // NULL when unknown
    var isInjured: Bool
}

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
    return db
}
// [/docs:open]

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

/// Runs SQL that needs no values and returns no rows.
func execute(_ db: OpaquePointer, _ sql: String) throws {
    let code = sqlite3_exec(db, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw SQLiteError(connection: db, resultCode: code, sql: sql) }
}
// [/docs:create-table]

// [docs:insert]
/// Inserts players with one prepared statement, reused for every row.
///
/// Preparing compiles the SQL once; each row then only binds new values to
/// the `?` placeholders, steps, and resets. Values are bound, never pasted
/// into the SQL: a name like `Robert'); DROP TABLE players;--` stays a name.
func insertPlayers(_ db: OpaquePointer, _ players: [(name: String, createdAt: String?, isInjured: Bool)]) throws {
    let sql = "INSERT INTO players (name, createdAt, isInjured) VALUES (?, ?, ?)"
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
    guard code == SQLITE_OK else { throw SQLiteError(connection: db, resultCode: code, sql: sql) }
    // Whatever happens next, the compiled statement is freed.
    defer { sqlite3_finalize(statement) }

    for player in players {
        // Placeholders count from 1. SQLITE_TRANSIENT: SQLite copies the text
        // now, because Swift frees its temporary C string after the call.
        let bindings = [
            sqlite3_bind_text(statement, 1, player.name, -1, SQLITE_TRANSIENT),
            player.createdAt.map { sqlite3_bind_text(statement, 2, $0, -1, SQLITE_TRANSIENT) }
                ?? sqlite3_bind_null(statement, 2),
            sqlite3_bind_int64(statement, 3, player.isInjured ? 1 : 0),
        ]
        // Binding fails only for a wrong placeholder number (SQLITE_RANGE).
        if let failed = bindings.first(where: { $0 != SQLITE_OK }) {
            throw SQLiteError(connection: db, resultCode: failed, sql: sql)
        }

        // An INSERT produces no rows: success is SQLITE_DONE.
        let code = sqlite3_step(statement)
        guard code == SQLITE_DONE else { throw SQLiteError(connection: db, resultCode: code, sql: sql) }
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
    var code = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
    guard code == SQLITE_OK else { throw SQLiteError(connection: db, resultCode: code, sql: sql) }
    defer { sqlite3_finalize(statement) }

    var players: [Player] = []
    while true {
        code = sqlite3_step(statement)
        if code == SQLITE_DONE { break }
        guard code == SQLITE_ROW else { throw SQLiteError(connection: db, resultCode: code, sql: sql) }
        // sqlite3_column_text returns a NULL pointer for a NULL value:
        // check the column's type first instead of crashing on it.
        let createdAt: String? = sqlite3_column_type(statement, 2) == SQLITE_NULL
            ? nil
            : String(cString: sqlite3_column_text(statement, 2))
        players.append(Player(
            id: sqlite3_column_int64(statement, 0),
            name: String(cString: sqlite3_column_text(statement, 1)),
            createdAt: createdAt,
            isInjured: sqlite3_column_int64(statement, 3) != 0
        ))
    }
    return players
}
// [/docs:fetch]

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
    var code = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
    guard code == SQLITE_OK else { throw SQLiteError(connection: db, resultCode: code, sql: sql) }
    defer { sqlite3_finalize(statement) }
    code = sqlite3_step(statement)
    guard code == SQLITE_ROW else { throw SQLiteError(connection: db, resultCode: code, sql: sql) }
    return sqlite3_column_int64(statement, 0)
}
// [/docs:transaction]

/// The table as the narrator prints it.
func playersTable(_ players: [Player]) -> (headers: [String], rows: [[String?]]) {
    (["id", "name", "createdAt", "isInjured"],
     players.map { [String($0.id), $0.name, $0.createdAt, $0.isInjured ? "1" : "0"] })
}
