import ExerciseSupport
import GRDB

@testable import Exercise_s2_read_for_write

let query = "SELECT id, name FROM players ORDER BY id"

// edge(empty, always-true): id 42, which no player has: nothing renamed, false
// edge(boundary, no-where): two players, one renamed: an UPDATE without WHERE renames both
runCheck(
    "s2-read-for-write",
    [
        (
            "renames a player",
            {
                let queue = try DatabaseQueue()
                try queue.write { db in
                    try db.execute(
                        sql: """
                            CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                            INSERT INTO players (name) VALUES ('Blob'), ('Blob Jr');
                            """)
                }
                let renamed = try learnerCode(
                    "renamePlayer(queue, id: 2, to: \"Blob Junior\")",
                    sql: "UPDATE players SET name = ? WHERE id = ?"
                ) {
                    try renamePlayer(queue, id: 2, to: "Blob Junior")
                }
                try expect(
                    renamed, equals: true,
                    "renamePlayer(id: 2) says no player was renamed (check the order of the arguments)")
                let rows = try queue.read { db in
                    try Row.fetchAll(db, sql: query).map { "\($0[0] as Int64) \($0[1] as String)" }
                }
                try expect(
                    rows, equals: ["1 Blob", "2 Blob Junior"],
                    "only player 2 is renamed (an UPDATE without WHERE changes every row)", sql: query)
                let missing = try learnerCode("renamePlayer(queue, id: 42, to: \"Nobody\")") {
                    try renamePlayer(queue, id: 42, to: "Nobody")
                }
                try expect(
                    missing, equals: false,
                    "renamePlayer(id: 42) says it renamed a player that does not exist (db.changesCount says how many rows changed)"
                )
            }
        )
    ])
