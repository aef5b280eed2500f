import ExerciseSupport
import GRDB

@testable import Exercise_s3_foreign_keys_off

let schema = """
    CREATE TABLE teams (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL, teamID INTEGER REFERENCES teams(id));
    INSERT INTO teams (id, name) VALUES (1, 'Lions');
    """

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
                        "inserting a player of team 42", expected: "SQLITE_CONSTRAINT_FOREIGNKEY",
                        actual: "inserted: \(count ?? 0) player(s) now point to a team that does not exist", sql: sql)
                } catch let error as DatabaseError {
                    try expect(
                        error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY, "inserting a player of team 42",
                        expected: "SQLITE_CONSTRAINT_FOREIGNKEY", actual: "\(error)", sql: sql)
                }
            }
        ),
    ])
