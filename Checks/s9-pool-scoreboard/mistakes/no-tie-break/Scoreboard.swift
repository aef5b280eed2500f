import GRDB

// Exercise s9-pool-scoreboard · write the code · chapter 9, "async/await"
//
// A scoreboard reads the three best scores from a DatabasePool while other
// code keeps writing. Write `topScores` with `try await pool.read { … }`.

/// One row of the table `score` (name TEXT, points INTEGER). Sendable: it
/// leaves the pool's reader for the caller's task (Swift 6 checks that).
struct Score: Codable, Equatable, Sendable, FetchableRecord {
    var name: String
    var points: Int
}

/// The three best scores, most points first; equal points by name.
/// A read: it must not wait for a write in progress.
func topScores(_ pool: DatabasePool) async throws -> [Score] {
    try await pool.read { db in
        try Score.fetchAll(db, sql: "SELECT name, points FROM score ORDER BY points DESC LIMIT 3")
    }
}
