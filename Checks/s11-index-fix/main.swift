import ExerciseSupport
import GRDB

@testable import Exercise_s11_index_fix

// edge(expression, json-extract-index): an index on json_extract(document, '$.bodyType'); the query writes ->>
// edge(expression, index-on-document): an index on the whole document, where the query filters on a path in it
// edge(expression, expression-query): an index on body_type, where the query writes the expression again

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
            "moonsQuery searches an index on what it filters (EXPLAIN QUERY PLAN says SEARCH, not SCAN)",
            {
                let queue = try database()
                let (plan, indexes) = try queue.read { db in
                    (
                        try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + moonsQuery).map { $0["detail"] as String },
                        // The learner's indexes: SQLite's own (sqlite_autoindex_…, for a PRIMARY KEY) have no SQL.
                        try String.fetchAll(
                            db,
                            sql: "SELECT sql FROM sqlite_schema "
                                + "WHERE type = 'index' AND tbl_name = 'body' AND sql NOT NULL"
                        )
                    )
                }
                // Any index of the learner's that the plan SEARCHes by fits, covering or not, under any alias.
                let searches = plan.contains {
                    $0.wholeMatch(of: /SEARCH \S+ USING (COVERING )?INDEX (?!sqlite_autoindex).*/) != nil
                }
                // A plan that scans in id order goes through the PRIMARY KEY's own index: say what that index is.
                let ownIndex =
                    plan.contains { $0.contains("sqlite_autoindex_body_1") }
                    ? " (sqlite_autoindex_body_1 is the index SQLite makes for the PRIMARY KEY id: "
                        + "it gives the rows in id order, it does not find the moons)" : ""
                if indexes.isEmpty {
                    try expect(
                        searches, "body has no index of yours, so the lookup reads every document: add an index for it",
                        expected: "CREATE INDEX … on what moonsQuery filters on, and a plan that SEARCHes by it",
                        actual: plan.joined(separator: "; ") + ownIndex, sql: schema)
                }
                let written = indexes.map { $0.replacingOccurrences(of: "\n", with: " ") }
                try expect(
                    searches,
                    "the index does not match what moonsQuery filters on (\(written.joined(separator: "; "))): "
                        + "an expression index serves only a query that writes the same expression "
                        + "(->> is not json_extract), a column's index only a query that names that column",
                    expected: "SEARCH body USING INDEX …", actual: plan.joined(separator: "; ") + ownIndex,
                    sql: moonsQuery)
            }
        ),
    ])
