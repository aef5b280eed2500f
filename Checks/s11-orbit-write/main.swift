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

/// The learner's chain from `id` on data with a cycle: a query that never ends is stopped by the
/// progress guard, and said so in the task's words, not as SQLite's "interrupted" alone.
func chainThroughCycle(_ queue: DatabaseQueue, from id: String, cycle: String) throws -> [String] {
    do {
        return try chain(queue, from: id).ids
    } catch let failure as CheckFailure where progressCalls > 10_000 {
        throw CheckFailure(
            "the recursion did not end: \(cycle), and each round joined the next body again, "
                + "as no condition stops at an id the chain has passed (keep them in a path, stop at one already in it). "
                + "Unlike the chapter's query, which returns the repeated id (Phobos → Mars → Phobos), "
                + "this task's chain ends before it",
            expected: "the chain, each id once",
            actual: "stopped by the check after 10 million instructions of SQLite's virtual machine "
                + "(\(failure.actual))")
    }
}

let solar = "('soleil', NULL), ('mars', 'soleil'), ('phobos', 'mars'), ('terre', 'soleil'), ('lune', 'terre')"

// edge(contained-ids, path-without-separators): ab round a: instr on a path without separators finds a in ab
// edge(again, keeps-repeated-id): a comes back after b: the chain ends before it (the chapter's returns it)
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
                let ids = try chainThroughCycle(queue, from: "c", cycle: "a goes round b and b round a")
                try expect(
                    ids.count == Set(ids).count,
                    "each id once: the chain ends before an id it has passed. The chapter's query returns that id "
                        + "again, marked as the cycle (Phobos → Mars → Phobos); this task leaves it out",
                    expected: "[\"c\", \"a\", \"b\"]", actual: swiftLiteral(ids))
                try expect(ids, equals: ["c", "a", "b"], "the chain from c")
            }
        ),
        (
            "an id inside another is another id: from ab (round a, a round b, b round ab): ab, a, b",
            {
                let queue = try database("('ab', 'a'), ('a', 'b'), ('b', 'ab')")
                let ids = try chainThroughCycle(queue, from: "ab", cycle: "ab goes round a, a round b, b round ab")
                try expect(
                    ids, equals: ["ab", "a", "b"],
                    "the chain from ab: a is not in the path /ab/ (search it with its separators, '/a/', "
                        + "or ab's a counts as passed)")
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
