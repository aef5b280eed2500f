// Section 3 · An index against a full scan (and section 4, read transactions, below).
//
// Without an index, `WHERE email = ?` reads every row of the table: the work
// grows with the table. An index is a second B-tree sorted by email: SQLite
// walks down it in a few page reads (log₁₀₀ of the rows, roughly), then
// fetches the one row by its rowid.

func benchmarkIndexes(_ recorder: Recorder) throws {
    let section = "Indexes"
    let settings = recorder.settings
    let rows = settings.count(200_000, quick: 20_000)
    let lookups = settings.count(300, quick: 100)  // a scan of 200,000 rows per lookup: 300 is plenty
    let repetitions = settings.repetitions(3)
    // [docs:not-indexed]
    let indexed = "SELECT id FROM person WHERE email = ?"
    // NOT INDEXED forbids the index for this one query: same table, same
    // connection, same pragmas; only the plan differs.
    let scanned = "SELECT id FROM person NOT INDEXED WHERE email = ?"
    // [/docs:not-indexed]
    let name = "\(lookups) lookups by email in \(rows) rows, full scan"
    guard recorder.wants(section, [name]) else { return }  // before filling the table

    let db = try CConnection(path: settings.freshPath("indexes.sqlite"))
    try db.execute(appPragmas)
    try db.execute("CREATE TABLE person (id INTEGER PRIMARY KEY, email TEXT NOT NULL, name TEXT NOT NULL)")
    try db.execute(
        """
        INSERT INTO person (email, name)
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
        SELECT 'person' || i || '@example.com', 'Person ' || i FROM n
        """)
    try db.execute("CREATE INDEX person_email ON person (email)")
    let notes = try [indexed, scanned].map { sql in "\(sql)  →  \(try queryPlan(db, sql))" }

    try recorder.compare(
        section, name, against: "the same lookups through an index",
        claim: .atLeast(100, "on 200,000 rows, an index makes a lookup at least 100× faster than a scan"),
        repetitions: repetitions, notes: notes
    ) {
        // Emails spread over the whole table, the same ones on both sides.
        let emails = (0..<lookups).map { "person\(1 + $0 * (rows / lookups))@example.com" }
        return try sideBySide(
            repetitions: repetitions,
            warmUp: false,  // the table was just written: its pages are in the cache already
            // The scan steps through every row at each lookup; the index, through none.
            counter: Counter(name: "full-scan steps") { db.finalized.fullScanSteps },
            baseline: { try lookUp(emails, with: db.prepare(indexed)) },
            measured: { try lookUp(emails, with: db.prepare(scanned)) }
        )
    }
}

/// What `EXPLAIN QUERY PLAN` says SQLite will do, e.g. "SCAN person".
func queryPlan(_ db: CConnection, _ sql: String) throws -> String {
    let plan = try db.prepare("EXPLAIN QUERY PLAN " + sql)
    var steps: [String] = []
    while try plan.step() { steps.append(plan.text(3)) }  // columns: id, parent, notused, detail
    return steps.joined(separator: "; ")
}

/// Runs the query once per email and reads the id it finds.
private func lookUp(_ emails: [String], with query: CStatement) throws {
    for email in emails {
        try query.bind(1, email)
        guard try query.step() else { throw SQLiteError(code: 0, message: "no row for \(email)", sql: query.sql) }
        try query.reset()
    }
}

// MARK: - Section 4 · Read transactions

// Every statement outside BEGIN … COMMIT is a transaction: to read, SQLite
// takes a shared lock on the file (system calls), checks whether another
// process changed the file since its last read (and if so, empties its page
// cache), reads, then releases the lock. Inside one read transaction that
// happens once for all the lookups.

func benchmarkReadTransactions(_ recorder: Recorder) throws {
    let section = "Read transactions"
    let settings = recorder.settings
    let rows = settings.count(10_000, quick: 1_000)
    let repetitions = settings.repetitions(5)
    try recorder.compare(
        section, "\(rows) lookups by id, one transaction each (DELETE journal)",
        against: "the same lookups in one read transaction",
        claim: .atLeast(5, "lookups in one read transaction are at least 5× faster than one transaction each"),
        repetitions: repetitions
    ) {
        let db = try CConnection(path: settings.freshPath("reads.sqlite"))
        try db.execute("PRAGMA journal_mode = DELETE; PRAGMA synchronous = FULL")
        try db.execute(createPlayerTable)
        try db.execute("BEGIN")
        try insertPlayers(try db.prepare(insertPlayerSQL), count: rows)
        try db.execute("COMMIT")
        let query = try db.prepare("SELECT name FROM player WHERE id = ?")
        let lookUpAll = {
            for id in 1...Int64(rows) {
                try query.bind(1, id)
                _ = try query.step()
                try query.reset()  // ends the statement, and outside BEGIN the transaction
            }
        }
        return try sideBySide(
            repetitions: repetitions,
            // Each read transaction reads the file's header again (has another connection changed it?).
            counter: Counter(name: "reads of the database file") { db.fileCounts.database.reads },
            baseline: {
                try db.execute("BEGIN")
                try lookUpAll()
                try db.execute("COMMIT")
            },
            measured: lookUpAll
        )
    }
}
