import ExerciseSupport
import Foundation
import GRDB

@testable import Exercise_s9_pool_scoreboard

/// What an async call returned, waited for from this synchronous check.
final class Waited: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<[Score], any Error>?
    private let done = DispatchSemaphore(value: 0)

    /// Starts `topScores(pool)` in a Task.
    init(_ pool: DatabasePool) {
        Task {
            let result: Result<[Score], any Error>
            do { result = .success(try await topScores(pool)) } catch { result = .failure(error) }
            lock.withLock { self.result = result }
            done.signal()
        }
    }

    /// The result, if it came within `seconds`.
    func wait(seconds: Double) throws -> [Score]? {
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return try lock.withLock { result }?.get()
    }
}

/// Runs `body` with a pool on a new file holding five scores; deletes the file afterwards
/// (runCheck ends the process with exit, so a top-level defer would never run).
func withScores<T>(_ body: (DatabasePool) throws -> T) throws -> T {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("s9-pool-\(UUID().uuidString).sqlite").path
    defer {
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
    let pool = try DatabasePool(path: path)
    try pool.write { db in
        try db.execute(
            sql: """
                CREATE TABLE score (name TEXT NOT NULL, points INTEGER NOT NULL);
                INSERT INTO score VALUES ('Bob', 30), ('Dee', 10), ('Cy', 40), ('Eve', 20), ('Ann', 30);
                """)
    }
    defer { try? pool.close() }
    return try body(pool)
}

let shown = { (scores: [Score]) in scores.map { [$0.name, "\($0.points)"] } }
let best = [["Cy", "40"], ["Ann", "30"], ["Bob", "30"]]

// edge(ties, no-tie-break): equal points: by name
// edge(boundary, lowest-first): the three best of more: most points first
runCheck(
    "s9-pool-scoreboard",
    [
        (
            "topScores returns the three best scores",
            {
                let scores = try withScores { pool in
                    try learnerCode("topScores(pool)") { try Waited(pool).wait(seconds: 60) }
                }
                // Bob is stored before Ann, both with 30 points: only ORDER BY … name puts Ann first.
                try expect(
                    shown(scores ?? []), equals: best, "the three best scores",
                    rules: [
                        QueryRule("three scores, no more, no fewer (LIMIT 3)") { rows, expected in
                            rows.count == expected.count
                        },
                        QueryRule("most points first (ORDER BY points DESC: ascending puts the lowest first)") {
                            rows, expected in rows.map(\.last) == expected.map(\.last)
                        },
                        QueryRule("equal points ordered by name (Ann before Bob, though Bob was stored first)") {
                            rows, expected in rows == expected
                        },
                    ])
            }
        ),
        (
            "topScores reads while a write transaction is open (pool.read, not pool.write)",
            {
                // A write in progress: Zed's 99 points are not committed while topScores runs.
                let scores = try withScores { pool in
                    try pool.writeWithoutTransaction { db in
                        try db.execute(sql: "BEGIN IMMEDIATE; INSERT INTO score VALUES ('Zed', 99)")
                        defer { try? db.execute(sql: "ROLLBACK") }
                        return try Waited(pool).wait(seconds: 5)
                    }
                }
                guard let scores else {
                    throw CheckFailure(
                        "topScores(pool), while a write transaction is open",
                        expected: "the three best committed scores, at once",
                        actual: "no answer within 5 s: it waits for the writer. pool.write waits its turn; "
                            + "pool.read does not")
                }
                try expect(shown(scores), equals: best, "what topScores reads while Zed's 99 points are not committed")
            }
        ),
    ])
