import CSQLite
import ExerciseSupport

@testable import Exercise_s1_finalize

let setup = """
    CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    INSERT INTO players (name) VALUES ('Blob'), ('Blob Jr'), ('Blob Sr'), ('Bobby');
    """
let sql = "SELECT count(*) FROM players WHERE substr(name, 1, length(?1)) = ?1"

/// Fails unless every statement the learner prepared is finalized.
func expectFinalized(_ db: ScratchDatabase, after what: String) throws {
    let (open, busy) = openStatements(db.handle)
    try expect(
        open == 0,
        "\(what): \(open) statement(s) never finalized"
            + (open > 0 && busy == 0 ? " (reset, but a reset statement still lives until sqlite3_finalize)" : ""),
        expected: "no statement left open (sqlite3_close would fail with SQLITE_BUSY)",
        actual: "\(open) open, \(busy) of them mid-step", sql: sql)
}

// edge(error-path, finalize-only-on-return): Bobby's name fails when stepped: it throws, and finalizes all the same
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
            "leaves no statement open when it returns",
            {
                let db = try ScratchDatabase()
                try db.execute(setup)
                for prefix in ["Blob", "Bo", "X"] {
                    _ = try learnerCode("countPlayers(db, prefix: \"\(prefix)\")") {
                        try countPlayers(db.handle, prefix: prefix)
                    }
                }
                try expectFinalized(db, after: "after three calls that returned")
            }
        ),
        (
            "leaves no statement open when it throws",
            {
                // Bobby's name overflows when the count reaches it: sqlite3_step fails.
                let db = try ScratchDatabase()
                try db.execute(
                    """
                    CREATE TABLE roster (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                    INSERT INTO roster (name) VALUES ('Blob'), ('Bobby');
                    CREATE VIEW players AS
                      SELECT id, CASE name WHEN 'Bobby' THEN \(failsWhenStepped) ELSE name END AS name FROM roster;
                    """)
                _ = try learnerCodeThrows("countPlayers(db, prefix: \"Bo\") when sqlite3_step fails", sql: sql) {
                    _ = try countPlayers(db.handle, prefix: "Bo")
                }
                try expectFinalized(db, after: "after a call that threw (sqlite3_step failed)")
            }
        ),
    ])
