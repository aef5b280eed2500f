import CSQLite
import ExerciseSupport

@testable import Exercise_s1_read_nulls

let setup = """
    CREATE TABLE scores (id INT PRIMARY KEY, name TEXT NOT NULL, points INTEGER);
    INSERT INTO scores (id, name, points) VALUES (3, 'Blob Sr', 0), (1, 'Blob', 12), (2, 'Blob Jr', NULL);
    """
// id INT, not INTEGER: not the rowid, so a SELECT without ORDER BY id reads the rows in the
// order they were inserted (3, 1, 2), and only ORDER BY id reads them in id order.
let sql = "SELECT name, points FROM scores ORDER BY id"

func scores() throws -> [Score] {
    let db = try ScratchDatabase()
    try db.execute(setup)
    return try learnerCode("readScores(db)") { try readScores(db.handle) }
}

// edge(null, null-read-as-zero): Blob Jr's points are NULL and Blob Sr's 0: nil and 0, never one for the other
// edge(error-path, step-error-ends-the-loop): the second row fails when stepped: an error, not the end of the rows
runCheck(
    "s1-read-nulls",
    [
        (
            "reads every row, in id order",
            {
                let names = try scores().map(\.name)
                try expect(
                    names.sorted(), equals: ["Blob", "Blob Jr", "Blob Sr"], "the names readScores returns", sql: setup)
                try expect(
                    names, equals: ["Blob", "Blob Jr", "Blob Sr"],
                    "the rows in id order (inserted as ids 3, 1, 2: without ORDER BY id, this table's scan returns them as stored)",
                    sql: setup)
            }
        ),
        (
            "reads NULL points as nil, not 0",
            {
                try expect(
                    try scores().map { $0.points.map(String.init) ?? "nil" }, equals: ["12", "nil", "0"],
                    "the points of Blob (12), Blob Jr (NULL) and Blob Sr (0)", sql: setup)
            }
        ),
        (
            "finalizes its statement when it returns",
            {
                let db = try ScratchDatabase()
                try db.execute(setup)
                _ = try learnerCode("readScores(db)") { try readScores(db.handle) }
                try expect(
                    openStatements(db.handle).open == 0, "a statement still open after readScores returned",
                    expected: "no statement left open",
                    actual: "a statement never finalized (sqlite3_close would fail: SQLITE_BUSY)", sql: sql)
            }
        ),
        (
            "throws on a table it cannot read",
            {
                let db = try ScratchDatabase()
                _ = try learnerCodeThrows("readScores on a database without the scores table", sql: sql) {
                    _ = try readScores(db.handle)
                }
            }
        ),
        (
            "throws when a step fails, and finalizes even then",
            {
                // The second row's points overflow when stepped: sqlite3_step returns SQLITE_ERROR.
                let db = try ScratchDatabase()
                try db.execute(
                    """
                    CREATE TABLE raw (id INTEGER PRIMARY KEY, name TEXT NOT NULL, points INTEGER);
                    INSERT INTO raw (name, points) VALUES ('Blob', 12), ('Blob Jr', 1), ('Blob Sr', 0);
                    CREATE VIEW scores AS
                      SELECT id, name, CASE id WHEN 2 THEN \(failsWhenStepped) ELSE points END AS points FROM raw;
                    """)
                _ = try learnerCodeThrows(
                    "readScores when sqlite3_step fails on the second row (a step error is not the end of the rows)",
                    sql: sql
                ) {
                    _ = try readScores(db.handle)
                }
                try expect(
                    openStatements(db.handle).open == 0, "a statement still open after readScores threw",
                    expected: "finalized on every way out, throws included",
                    actual: "a statement never finalized", sql: sql)
            }
        ),
    ])
