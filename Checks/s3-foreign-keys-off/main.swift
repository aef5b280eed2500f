import CSQLite
import ExerciseSupport
import GRDB

@testable import Exercise_s3_foreign_keys_off

let schema = """
    CREATE TABLE teams (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL, teamID INTEGER REFERENCES teams(id));
    INSERT INTO teams (id, name) VALUES (1, 'Lions');
    """

// MARK: - What the learner's connection ran

/// Every statement run on any connection this process opens, and whether a
/// transaction was open when it started: a PRAGMA foreign_keys inside a
/// transaction is ignored by SQLite, and only this trace can tell.
nonisolated(unsafe) var traced: [(sql: String, inTransaction: Bool)] = []

/// SQLite calls this as each statement of a traced connection starts.
func traceStatement(
    _ event: UInt32, _ context: UnsafeMutableRawPointer?, _ statement: UnsafeMutableRawPointer?,
    _ detail: UnsafeMutableRawPointer?
) -> Int32 {
    guard let statement = OpaquePointer(statement), let sql = sqlite3_sql(statement) else { return 0 }
    traced.append((String(cString: sql), sqlite3_get_autocommit(sqlite3_db_handle(statement)) == 0))
    return 0
}

/// SQLite calls this as each connection opens (an "automatic extension").
func traceConnection(
    _ db: OpaquePointer?, _ error: UnsafeMutableRawPointer?, _ api: UnsafeMutableRawPointer?
) -> Int32 {
    sqlite3_trace_v2(db, UInt32(SQLITE_TRACE_STMT), traceStatement, nil)
}

/// Makes SQLite trace every connection opened from now on (sqlite3_auto_extension).
func traceEveryConnection() {
    let entry: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int32 =
        traceConnection
    sqlite3_auto_extension(unsafeBitCast(entry, to: (@convention(c) () -> Void).self))
}

/// Why foreign keys are still off, from what the connection ran.
func whyForeignKeysAreOff() -> String {
    let pragmas = traced.filter { $0.sql.lowercased().contains("foreign_key") }
    if pragmas.contains(where: { $0.inTransaction && $0.sql.lowercased().contains("foreign_keys") }) {
        return "PRAGMA foreign_keys ran inside a transaction (a write), where SQLite ignores it"
    }
    if pragmas.contains(where: { $0.sql.lowercased().contains("foreign_key_check") }) {
        return "PRAGMA foreign_key_check lists the rows that break a key; it turns no enforcement on"
    }
    return "foreign keys are off on this connection: nothing turns them on (see configuration.foreignKeysEnabled)"
}

traceEveryConnection()
// edge(error-path, pragma-in-a-write): team 42, which does not exist: refused on the connection the app opens
runCheck(
    "s3-foreign-keys-off",
    [
        (
            "a player of an existing team is saved",
            {
                let queue = try learnerCode("openDatabase(path: nil)") { try openDatabase(path: nil) }
                try queue.write { db in
                    try db.execute(sql: schema + "INSERT INTO players (name, teamID) VALUES ('Blob', 1);")
                }
            }
        ),
        (
            "a player of team 42, which does not exist, is refused",
            {
                let queue = try learnerCode("openDatabase(path: nil)") { try openDatabase(path: nil) }
                try queue.write { db in try db.execute(sql: schema) }
                let sql = "INSERT INTO players (name, teamID) VALUES ('Blob', 42)"
                do {
                    try queue.write { db in try db.execute(sql: sql) }
                    let count = try queue.read { db in
                        try Int.fetchOne(db, sql: "SELECT count(*) FROM players WHERE teamID = 42")
                    }
                    throw CheckFailure(
                        whyForeignKeysAreOff(), expected: "SQLITE_CONSTRAINT_FOREIGNKEY",
                        actual: "inserted: \(count ?? 0) player(s) now point to a team that does not exist", sql: sql)
                } catch let error as DatabaseError {
                    try expect(
                        error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY, "inserting a player of team 42",
                        expected: "SQLITE_CONSTRAINT_FOREIGNKEY", actual: "\(error)", sql: sql)
                }
            }
        ),
    ])
