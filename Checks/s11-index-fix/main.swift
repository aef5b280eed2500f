import ExerciseSupport
import GRDB

@testable import Exercise_s11_index_fix

/// A fresh database with the learner's schema and five bodies: three moons,
/// in an order no rule follows by chance, and a document without bodyType.
func database() throws -> DatabaseQueue {
    let queue = try DatabaseQueue()
    try queue.write { db in
        try learnerCode("schema", sql: schema) { try db.execute(sql: schema) }
        try db.execute(
            sql: """
                INSERT INTO body (id, document) VALUES
                  ('titan', '{"name": "Titan", "bodyType": "Moon"}'),
                  ('mars', '{"name": "Mars", "bodyType": "Planet"}'),
                  ('io', '{"name": "Io", "bodyType": "Moon"}'),
                  ('x', '{"name": "X"}'),
                  ('phobos', '{"name": "Phobos", "bodyType": "Moon"}')
                """)
    }
    return queue
}

runCheck(
    "s11-index-fix",
    [
        (
            "moonsQuery finds the moons, and only them",
            {
                let queue = try database()
                let ids = try learnerCode("moonsQuery", sql: moonsQuery) {
                    try queue.read { db in try String.fetchAll(db, sql: moonsQuery) }
                }
                try expect(ids, equals: ["io", "phobos", "titan"], "the ids moonsQuery returns", sql: moonsQuery)
            }
        ),
        (
            "an index for the lookup",
            {
                let queue = try database()
                let indexes = try queue.read { db in
                    try String.fetchAll(
                        db,
                        sql:
                            "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'body' AND sql IS NOT NULL"
                    )
                }
                try expect(
                    !indexes.isEmpty, "the indexes on body (CREATE INDEX …)", expected: "at least one",
                    actual: "none: every lookup reads the whole table", sql: schema)
            }
        ),
        (
            "moonsQuery searches an index (EXPLAIN QUERY PLAN says SEARCH, not SCAN)",
            {
                let queue = try database()
                let plan = try queue.read { db in
                    try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + moonsQuery).map { $0["detail"] as String }
                }
                try expect(
                    plan.contains { $0.hasPrefix("SEARCH body USING INDEX") }, "the plan of moonsQuery",
                    expected: "SEARCH body USING INDEX …",
                    actual: plan.joined(separator: "; ")
                        + " (SQLite does not rewrite the expression into the column: name the column, or index the expression)",
                    sql: moonsQuery)
            }
        ),
    ])
