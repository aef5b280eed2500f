// Section 1 · Transactions against autocommit.
//
// Without BEGIN … COMMIT, every INSERT is a transaction of its own, and a
// transaction ends by making the file durable: with the DELETE journal,
// SQLite writes a rollback journal, calls fsync, writes the database, calls
// fsync again and deletes the journal, for every row. In one transaction
// that happens once for all the rows.

/// The settings of one comparison: SQLite's journal mode and how often it syncs.
private struct Durability {
    var journal: String  // DELETE (SQLite's default) or WAL
    var synchronous: String  // FULL (the default) or NORMAL
    var claim: Claim
}

func benchmarkTransactions(_ recorder: Recorder) throws {
    let section = "Transactions"
    let settings = recorder.settings
    let rows = settings.count(1_000, quick: 100)  // autocommit waits for the disk at every row
    let repetitions = settings.repetitions(3)
    // What the mechanism guarantees, on any disk: an autocommit INSERT is a
    // transaction of its own, so it pays a commit's work once per row, one
    // transaction once for all of them. With the DELETE journal that work is
    // a journal file created, written and deleted: ≥ 10×. With WAL it is a
    // frame appended and the locks taken, so ≥ 3× even where a sync is free
    // (a disk cache that acknowledges at once): measured 14× to 42× without
    // sync (synchronous NORMAL). The rest of the gap is the disk's sync
    // latency (this machine: WAL with FULL from 84× to 790× in three runs):
    // reported beside the NORMAL rows (FULL minus NORMAL, per commit), never claimed.
    let durabilities = [
        Durability(
            journal: "DELETE", synchronous: "FULL",
            claim: .atLeast(10, "with the DELETE journal, one transaction is at least 10× faster than autocommit")),
        Durability(
            journal: "DELETE", synchronous: "NORMAL",
            claim: .atLeast(10, "synchronous NORMAL still commits every row with the DELETE journal: still ≥ 10×")),
        Durability(
            journal: "WAL", synchronous: "FULL",
            claim: .atLeast(3, "WAL with synchronous FULL: a commit per row, plus a sync the disk prices: ≥ 3×")
        ),
        Durability(
            journal: "WAL", synchronous: "NORMAL",
            claim: .atLeast(3, "WAL with synchronous NORMAL does not sync on commit, yet each commit still costs: ≥ 3×")
        ),
    ]
    for durability in durabilities {
        let name =
            "\(rows) autocommit inserts (\(durability.journal) journal, synchronous \(durability.synchronous))"
        try recorder.compare(
            section, name, against: "the same inserts in one transaction",
            claim: durability.claim, repetitions: repetitions
        ) {
            // [docs:transactions]
            let db = try CConnection(path: settings.freshPath("transactions.sqlite"))
            // The same connection, pragmas and prepared statement on both sides:
            // only BEGIN … COMMIT differs.
            try db.execute(
                "PRAGMA journal_mode = \(durability.journal); PRAGMA synchronous = \(durability.synchronous)")
            try db.execute(createPlayerTable)
            let insert = try db.prepare(insertPlayerSQL)
            return try sideBySide(
                repetitions: repetitions,
                warmUp: false,  // a warm-up of autocommit would cost as much as a repetition
                prepare: { try db.execute("DELETE FROM player") },
                // What the ratio comes from: a commit per row, each with its syncs (DELETE: journal twice, database
                // once with FULL; WAL NORMAL: none at all, and the ratio stays: each commit still costs).
                counter: Counter(name: "syncs") { db.fileCounts.total.syncs },
                baseline: {
                    try db.execute("BEGIN")
                    try insertPlayers(insert, count: rows)
                    try db.execute("COMMIT")
                },
                measured: { try insertPlayers(insert, count: rows) }
            )
            // [/docs:transactions]
        }
        reportSyncLatency(recorder, durability, rows: rows)
    }
}

/// After a NORMAL row: what one commit cost with FULL and with NORMAL (the
/// same journal, measured just before), and their difference, the disk's
/// sync. A figure of the hardware: reported, not claimed.
private func reportSyncLatency(_ recorder: Recorder, _ durability: Durability, rows: Int) {
    guard durability.synchronous == "NORMAL", recorder.results.count >= 2 else { return }
    let normal = recorder.results[recorder.results.count - 1]
    let full = recorder.results[recorder.results.count - 2]
    guard normal.name.contains("\(durability.journal) journal, synchronous NORMAL"),
        full.name.contains("\(durability.journal) journal, synchronous FULL")
    else { return }
    let perCommitFull = full.seconds / Double(rows)
    let perCommitNormal = normal.seconds / Double(rows)
    recorder.note(
        "one autocommit INSERT: \(formatSeconds(perCommitFull)) with FULL, \(formatSeconds(perCommitNormal)) with NORMAL: "
            + "this disk's sync costs about \(formatSeconds(max(0, perCommitFull - perCommitNormal))) per commit "
            + "(reported, not claimed: it depends on the disk)")
}

// MARK: - Shared by the sections

/// The table most comparisons fill: the players of steps 1–3.
let createPlayerTable = "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL)"
let insertPlayerSQL = "INSERT INTO player (name, score) VALUES (?, ?)"

/// The settings of an app's database, used on both sides of the C-against-GRDB
/// comparisons: WAL, fsync only at checkpoints, foreign keys enforced.
let appPragmas = "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON"

/// Player number `index`: the same names and scores on every side of every comparison.
func playerName(_ index: Int) -> String { "Player \(index)" }
func playerScore(_ index: Int) -> Int64 { Int64(index % 1_000) }

/// `count` inserts through one prepared statement: bind, step, reset.
func insertPlayers(_ insert: CStatement, count: Int) throws {
    for index in 0..<count {
        try insert.bind(1, playerName(index))
        try insert.bind(2, playerScore(index))
        _ = try insert.step()
        try insert.reset()
    }
}
