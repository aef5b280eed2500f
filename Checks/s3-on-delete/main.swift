import ExerciseSupport
import GRDB

@testable import Exercise_s3_on_delete

/// A fresh in-memory database (GRDB turns foreign keys on), migrated by the learner's migrations.
func migrated() throws -> DatabaseQueue {
    let queue = try DatabaseQueue()
    var migrator = DatabaseMigrator()
    registerMigrations(&migrator)
    try learnerCode("migrating with registerMigrations") { try migrator.migrate(queue) }
    return queue
}

let query = "SELECT name, teamID FROM players ORDER BY id"

// edge(null, cascade): the Lions deleted: their players' teamID becomes NULL, the players stay
// edge(error-path, plain-integer): team 42, which does not exist: the insert is refused
runCheck(
    "s3-on-delete",
    [
        (
            "refuses a teamID that names no team",
            {
                let queue = try migrated()
                let sql = "INSERT INTO players (name, teamID) VALUES ('Blob', 42)"
                do {
                    try queue.write { db in try db.execute(sql: sql) }
                    throw CheckFailure(
                        "a player of team 42, which does not exist, was inserted: teamID is no foreign key",
                        expected: "SQLITE_CONSTRAINT_FOREIGNKEY", actual: "the row was inserted", sql: sql)
                } catch let error as DatabaseError {
                    try expect(
                        error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY, "inserting a player of team 42",
                        expected: "SQLITE_CONSTRAINT_FOREIGNKEY", actual: "\(error)", sql: sql)
                }
            }
        ),
        (
            "deleting a team keeps its players, teamless",
            {
                let queue = try migrated()
                let setup = """
                    INSERT INTO teams (id, name) VALUES (1, 'Lions'), (2, 'Tigers');
                    INSERT INTO players (name, teamID) VALUES ('Blob', 1), ('Blob Jr', 1), ('Blob Sr', 2);
                    DELETE FROM teams WHERE id = 1;
                    """
                try learnerCode(
                    "deleting the Lions, who have players (without ON DELETE, SQLite refuses to delete a parent that children point to)",
                    sql: setup
                ) {
                    try queue.write { db in try db.execute(sql: setup) }
                }
                let rows = try queue.read { db in
                    try Row.fetchAll(db, sql: query).map {
                        "\($0["name"] as String): \(($0["teamID"] as Int64?).map(String.init) ?? "NULL")"
                    }
                }
                try expect(
                    rows, equals: ["Blob: NULL", "Blob Jr: NULL", "Blob Sr: 2"],
                    "the Lions' players stay, teamless, after deleting the Lions (CASCADE deletes them)",
                    sql: setup + "\n" + query)
            }
        ),
    ])
