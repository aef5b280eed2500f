import CSQLite
import ExerciseSupport

@testable import Exercise_s1_read_nulls

let setup = """
    CREATE TABLE scores (id INTEGER PRIMARY KEY, name TEXT NOT NULL, points INTEGER);
    INSERT INTO scores (name, points) VALUES ('Blob', 12), ('Blob Jr', NULL), ('Blob Sr', 0);
    """

runCheck(
    "s1-read-nulls",
    [
        (
            "reads every row in id order, NULL points as nil",
            {
                let db = try ScratchDatabase()
                try db.execute(setup)
                let scores = try learnerCode("readScores(db)") { try readScores(db.handle) }
                try expect(
                    scores.map { "\($0.name): \($0.points.map(String.init) ?? "nil")" },
                    equals: ["Blob: 12", "Blob Jr: nil", "Blob Sr: 0"],
                    "readScores on Blob (12), Blob Jr (NULL), Blob Sr (0)", sql: setup)
            }
        ),
        (
            "finalizes its statement",
            {
                let db = try ScratchDatabase()
                try db.execute(setup)
                _ = try learnerCode("readScores(db)") { try readScores(db.handle) }
                // sqlite3_next_stmt lists the connection's statements not yet finalized.
                try expect(
                    sqlite3_next_stmt(db.handle, nil) == nil, "after readScores returns",
                    expected: "no statement left open",
                    actual: "a statement never finalized (sqlite3_close would fail: SQLITE_BUSY)")
            }
        ),
        (
            "throws on a table it cannot read",
            {
                let db = try ScratchDatabase()
                _ = try learnerCodeThrows(
                    "readScores on a database without the scores table",
                    sql: "SELECT name, points FROM scores ORDER BY id"
                ) {
                    _ = try readScores(db.handle)
                }
            }
        ),
    ])
