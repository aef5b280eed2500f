import CSQLite
import ExerciseSupport

@testable import Exercise_s1_transaction

let schema = "CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);"

// edge(error-path, no-rollback-on-error): Blob Sr's name is taken: the third insert fails after two succeeded
// edge(case-and-accents, length-in-characters): Zoë, whose 3 characters are 4 bytes, bound with a length
runCheck(
    "s1-transaction",
    [
        (
            "adds a whole roster",
            {
                let db = try ScratchDatabase(file: true)
                try db.execute(schema)
                try learnerCode("addPlayers(db, names: [\"Blob\", \"Blob Jr\"])") {
                    try addPlayers(db.handle, names: ["Blob", "Blob Jr"])
                }
                try expect(
                    try db.rows("SELECT name FROM players ORDER BY id"), equals: [["Blob"], ["Blob Jr"]],
                    "the players after adding Blob and Blob Jr", sql: "SELECT name FROM players ORDER BY id")
            }
        ),
        (
            "keeps a name beyond ASCII whole: Zoë is 3 characters, 4 bytes in UTF-8",
            {
                let db = try ScratchDatabase(file: true)
                try db.execute(schema)
                try learnerCode("addPlayers(db, names: [\"Zoë\", \"Blob\"])") {
                    try addPlayers(db.handle, names: ["Zoë", "Blob"])
                }
                try expect(
                    try db.rows("SELECT name, length(CAST(name AS BLOB)) FROM players ORDER BY id"),
                    equals: [["Zoë", "4"], ["Blob", "4"]],
                    "the names and their bytes after adding Zoë and Blob (a length given to sqlite3_bind_text counts "
                        + "bytes, not characters: -1 lets SQLite count them)",
                    sql: "SELECT name, length(CAST(name AS BLOB)) FROM players ORDER BY id")
            }
        ),
        (
            "adds nothing when one name is refused",
            {
                let db = try ScratchDatabase(file: true)
                try db.execute(schema + "INSERT INTO players (name) VALUES ('Blob Sr');")
                _ = try learnerCodeThrows(
                    "addPlayers with \"Blob Sr\", whose name is taken (UNIQUE),",
                    sql: "INSERT INTO players (name) VALUES (?)"
                ) {
                    try addPlayers(db.handle, names: ["Blob", "Blob Jr", "Blob Sr"])
                }
                // A transaction left open hides the inserts' fate: check it first.
                try expect(
                    sqlite3_get_autocommit(db.handle) != 0,
                    "the transaction is still open after the refused insert (BEGIN, but no ROLLBACK on the error)",
                    expected: "no transaction left open", actual: "a transaction still open")
                try expect(
                    try db.rows("SELECT name FROM players ORDER BY id"), equals: [["Blob Sr"]],
                    "the rows inserted before the refused one are still saved (each INSERT committed on its own)",
                    sql: "SELECT name FROM players ORDER BY id")
            }
        ),
    ])
