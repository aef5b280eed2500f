import ExerciseSupport
import Foundation
import GRDB

@testable import Exercise_s7_sync_atomic

let setup = """
    CREATE TABLE solar_body (id TEXT NOT NULL PRIMARY KEY, english_name TEXT NOT NULL, gravity REAL);
    INSERT INTO solar_body VALUES ('terre', 'Earth', 9.8), ('lune', 'Moon', 1.62);
    """
let query = "SELECT id, english_name FROM solar_body ORDER BY id"

func cache() throws -> DatabaseQueue {
    let queue = try DatabaseQueue()
    try queue.write { db in try db.execute(sql: setup) }
    return queue
}

func contents(_ queue: DatabaseQueue) throws -> [String] {
    try queue.read { db in try Row.fetchAll(db, sql: query).map { "\($0[0] as String) \($0[1] as String)" } }
}

let before = ["lune Moon", "terre Earth"]

// edge(empty, empty-id-accepted): a body whose id is empty: refused, nothing saved
// edge(error-path, insert-per-write): the same id twice: the PRIMARY KEY refuses the second, nothing saved
runCheck(
    "s7-sync-atomic",
    [
        (
            "a good payload replaces the cache",
            {
                let queue = try cache()
                let payload =
                    #"[{"id": "mars", "englishName": "Mars", "gravity": 3.71}, {"id": "terre", "englishName": "Earth", "gravity": 9.8}]"#
                try learnerCode("sync(cache, payload: \(payload))") { try sync(queue, payload: Data(payload.utf8)) }
                let after = try contents(queue)
                try expect(
                    after != before, "a good payload left the cache as it was", expected: "mars Mars\nterre Earth",
                    actual: after.joined(separator: "\n"), sql: query)
                try expect(
                    !after.contains("lune Moon"),
                    "the cache still holds the Moon, which the payload does not have (delete the old rows first)",
                    expected: "mars Mars\nterre Earth", actual: after.joined(separator: "\n"), sql: query)
                try expect(after, equals: ["mars Mars", "terre Earth"], "the cache after the sync", sql: query)
            }
        ),
        (
            "a payload that is not JSON leaves the cache as it was",
            {
                let queue = try cache()
                _ = try learnerCodeThrows("sync(cache, payload: \"<html>503</html>\")") {
                    try sync(queue, payload: Data("<html>503</html>".utf8))
                }
                try expect(
                    try contents(queue), equals: before,
                    "the cache changed though the payload is not JSON (decode before touching the database)", sql: query
                )
            }
        ),
        (
            "a body with an empty id leaves the cache as it was",
            {
                let queue = try cache()
                let payload = #"[{"id": "mars", "englishName": "Mars"}, {"id": "", "englishName": "Nobody"}]"#
                _ = try learnerCodeThrows("sync(cache, payload: \(payload)), a body with an empty id,") {
                    try sync(queue, payload: Data(payload.utf8))
                }
                try expect(try contents(queue), equals: before, "the cache after a refused sync", sql: query)
            }
        ),
        (
            "a payload with the same id twice leaves the cache as it was",
            {
                let queue = try cache()
                let payload = #"[{"id": "mars", "englishName": "Mars"}, {"id": "mars", "englishName": "Mars again"}]"#
                _ = try learnerCodeThrows(
                    "sync(cache, payload: \(payload))", sql: "INSERT INTO solar_body … (UNIQUE id)"
                ) {
                    try sync(queue, payload: Data(payload.utf8))
                }
                try expect(
                    try contents(queue), equals: before,
                    "the cache changed though the PRIMARY KEY refused the sync (the deletes and inserts belong in one write)",
                    sql: query
                )
            }
        ),
    ])
