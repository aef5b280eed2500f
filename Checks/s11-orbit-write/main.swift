import CSQLite
import ExerciseSupport
import GRDB

@testable import Exercise_s11_orbit_write

/// SQLite's virtual machine steps since the check began a call; past the
/// limit, the progress handler interrupts the statement (SQLITE_INTERRUPT),
/// so a query that never ends fails instead of hanging the check.
nonisolated(unsafe) var progressCalls = 0

/// A database with `rows` (id, what it goes round), and the progress guard on.
func database(_ rows: String) throws -> DatabaseQueue {
    let queue = try DatabaseQueue()
    try queue.write { db in
        try db.execute(sql: "CREATE TABLE body (id TEXT PRIMARY KEY, orbits TEXT); INSERT INTO body VALUES \(rows)")
        sqlite3_progress_handler(
            db.sqliteConnection, 1000,
            { _ in
                progressCalls += 1
                return progressCalls > 10_000 ? 1 : 0
            }, nil)
    }
    return queue
}

/// The learner's chain from `id`, and the statements it ran on the table.
func chain(_ queue: DatabaseQueue, from id: String) throws -> (ids: [String], statements: Int) {
    progressCalls = 0
    return try queue.read { db in
        var statements = 0
        // GRDB's own reads of the schema (PRAGMA, sqlite_schema) are not the learner's statements.
        db.trace(options: .statement) { event in
            let sql = event.description
            if !sql.hasPrefix("PRAGMA"), !sql.contains("sqlite_") { statements += 1 }
        }
        defer { db.trace(options: []) }
        let ids = try learnerCode("orbitChain(db, from: \"\(id)\")") { try orbitChain(db, from: id) }
        return (ids, statements)
    }
}

let solar = "('soleil', NULL), ('mars', 'soleil'), ('phobos', 'mars'), ('terre', 'soleil'), ('lune', 'terre')"

runCheck(
    "s11-orbit-write",
    [
        (
            "the chain from Phobos up: phobos, mars, soleil (the start included)",
            {
                let queue = try database(solar)
                try expect(try chain(queue, from: "phobos").ids, equals: ["phobos", "mars", "soleil"], "the chain")
            }
        ),
        (
            "a cycle stops: a goes round b, b round a; from c (round a): c, a, b",
            {
                let queue = try database("('a', 'b'), ('b', 'a'), ('c', 'a')")
                try expect(
                    try chain(queue, from: "c").ids, equals: ["c", "a", "b"],
                    "the chain from c (a statement that never ends is interrupted: SQLITE_INTERRUPT)")
            }
        ),
        (
            "one statement, a recursive CTE, not a query per level",
            {
                let queue = try database(solar)
                try expect(try chain(queue, from: "phobos").statements, equals: 1, "the statements orbitChain ran")
            }
        ),
    ])
