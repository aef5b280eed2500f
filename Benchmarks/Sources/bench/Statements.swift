// Section 2 · A reused prepared statement against one prepared per row.
//
// `sqlite3_prepare_v2` parses the SQL, looks up the table and its columns,
// plans the query and compiles it to bytecode. A statement reused with
// `sqlite3_reset` skips all of that: only binding and running are left.
// The cheaper the statement's own work, the larger the share of preparing:
// an insert writes into a B-tree, a lookup by id only reads a few pages.

func benchmarkStatements(_ recorder: Recorder) throws {
    let section = "Prepared statements"
    let settings = recorder.settings
    let rows = settings.count(20_000, quick: 1_000)
    let repetitions = settings.repetitions(5)
    let names = [
        "\(rows) inserts, each prepared, run and finalized", "\(rows) lookups by id, each prepared, run and finalized",
    ]
    guard recorder.wants(section, names) else { return }

    let db = try CConnection(path: settings.freshPath("statements.sqlite"))
    try db.execute(appPragmas)
    try db.execute(createPlayerTable)

    try recorder.compare(
        section, names[0], against: "one statement prepared once, reset per row",
        claim: .atLeast(1.5, "reusing a prepared statement makes inserts at least 1.5× faster"),
        repetitions: repetitions
    ) {
        try sideBySide(
            repetitions: repetitions,
            prepare: { try db.execute("DELETE FROM player") },
            counter: Counter(name: "statements compiled") { db.prepares },
            baseline: {
                try db.execute("BEGIN")
                try insertPlayers(try db.prepare(insertPlayerSQL), count: rows)
                try db.execute("COMMIT")
            },
            measured: {
                try db.execute("BEGIN")
                for index in 0..<rows {
                    // A new statement per row, finalized when `insert` goes away.
                    let insert = try db.prepare(insertPlayerSQL)
                    try insert.bind(1, playerName(index))
                    try insert.bind(2, playerScore(index))
                    _ = try insert.step()
                }
                try db.execute("COMMIT")
            }
        )
    }

    let lookUpSQL = "SELECT name FROM player WHERE id = ?"
    try db.execute("DELETE FROM player")
    try db.execute("BEGIN")
    try insertPlayers(try db.prepare(insertPlayerSQL), count: rows)  // ids 1…rows
    try db.execute("COMMIT")
    try recorder.compare(
        section, names[1], against: "one statement prepared once, reset per row",
        claim: .atLeast(2, "reusing a prepared statement makes lookups by id at least 2× faster"),
        repetitions: repetitions
    ) {
        try sideBySide(
            repetitions: repetitions,
            counter: Counter(name: "statements compiled") { db.prepares },
            baseline: {
                try db.execute("BEGIN")
                let query = try db.prepare(lookUpSQL)
                for id in 1...Int64(rows) {
                    try query.bind(1, id)
                    _ = try query.step()
                    try query.reset()
                }
                try db.execute("COMMIT")
            },
            measured: {
                try db.execute("BEGIN")
                for id in 1...Int64(rows) {
                    let query = try db.prepare(lookUpSQL)
                    try query.bind(1, id)
                    _ = try query.step()
                }
                try db.execute("COMMIT")
            }
        )
    }
}
