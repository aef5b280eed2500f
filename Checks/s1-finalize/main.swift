import CSQLite
import ExerciseSupport

@testable import Exercise_s1_finalize

let setup = """
    CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    INSERT INTO players (name) VALUES ('Blob'), ('Blob Jr'), ('Blob Sr'), ('Bobby');
    """

/// How many statements the connection still holds (sqlite3_next_stmt walks them).
func openStatements(_ db: OpaquePointer) -> Int {
    var count = 0
    var statement = sqlite3_next_stmt(db, nil)
    while let current = statement {
        count += 1
        statement = sqlite3_next_stmt(db, current)
    }
    return count
}

runCheck(
    "s1-finalize",
    [
        (
            "counts the players whose name starts with a prefix",
            {
                let db = try ScratchDatabase()
                try db.execute(setup)
                let blobs = try learnerCode("countPlayers(db, prefix: \"Blob\")") {
                    try countPlayers(db.handle, prefix: "Blob")
                }
                try expect(
                    blobs, equals: 3, "countPlayers(prefix: \"Blob\") on Blob, Blob Jr, Blob Sr, Bobby", sql: setup)
            }
        ),
        (
            "leaves no statement open",
            {
                let db = try ScratchDatabase()
                try db.execute(setup)
                for prefix in ["Blob", "Bo", "X"] {
                    _ = try learnerCode("countPlayers(db, prefix: \"\(prefix)\")") {
                        try countPlayers(db.handle, prefix: prefix)
                    }
                }
                try expect(
                    openStatements(db.handle), equals: 0,
                    "statements still open after three calls (each one makes sqlite3_close fail with SQLITE_BUSY)",
                    sql: "SELECT count(*) FROM players WHERE substr(name, 1, length(?1)) = ?1")
            }
        ),
    ])
