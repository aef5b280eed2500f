import Foundation

// Section · Full-text search (chapter 10): an FTS5 index against the scan of
// steps 6 and 7.
//
// Steps 6 and 7 search by reading every row and looking for the text in each
// name (`instr(lower(name), ?)`; the steps lowercase with a Swift function,
// which only adds to the scan's cost). Step 10's FTS5 index keeps, for every
// word, the rows that hold it: a search reads a few entries of the index,
// whatever the size of the table. Same table, same connection, same pragmas,
// same rows found; the FTS5 side also ranks them with bm25 and builds a snippet.

/// A word that names about ten rows at every size, so both sides return the same few rows.
private let rareWord = "quaoar"

func benchmarkFullText(_ recorder: Recorder) throws {
    let section = "Full-text search"
    let settings = recorder.settings
    let repetitions = settings.repetitions(5)
    let searches = settings.count(20, quick: 5)
    // The scan reads every row, the index a few pages for the word: the
    // scan's cost grows with the table, the index's hardly, and the bounds
    // grow with the rows (each at most half the ratio seen, chapter 12).
    // What one search takes is this machine's figure: a note, not a claim.
    let sizes: [(rows: Int, bound: Double, says: String)] = [
        (1_000, 1, "is already no slower than the scan"),
        (10_000, 5, "is at least 5× faster than the scan"),
        (100_000, 20, "is at least 20× faster than the scan"),
    ]
    // The sizes are the claims' own: neither --quick nor --scale changes
    // them (filling and indexing 100,000 short names takes a second or two).
    for (rows, bound, says) in sizes {
        let claim = Claim.atLeast(bound, "at \(formatCount(rows)) rows, an FTS5 search \(says)")
        let name = "\(searches) searches of \(rows) names, scanned"
        let fts5 = "\(searches) FTS5 searches of \(rows) names, net of a trivial statement"
        guard recorder.wants(section, [name, fts5]) else { continue }  // before filling the table
        let db = try CConnection(path: settings.freshPath("fulltext-\(rows).sqlite"))
        try db.execute(appPragmas)
        let sizes = try fillAndIndex(db, rows: rows)
        // [docs:fulltext-queries]
        // Steps 6 and 7: every name read and searched.
        let scan = "SELECT id FROM body WHERE instr(lower(english_name), ?) > 0 ORDER BY english_name"
        // Step 10: the index's entries for the word, ranked, each with a snippet.
        let indexed = """
            SELECT rowid, snippet(body_fts, -1, '[', ']', '…', 8) FROM body_fts
            WHERE body_fts MATCH ? ORDER BY bm25(body_fts)
            """
        // [/docs:fulltext-queries]
        let found = (try count(db, scan, rareWord), try count(db, indexed, "\"\(rareWord)\"*"))
        let notes = [
            "rows found: \(found.0) scanned, \(found.1) through the index",
            "on disk: the table \(sizes.table / 1024) KiB, the FTS5 index \(sizes.index / 1024) KiB (dbstat)",
        ]
        try recorder.compare(
            section, name, against: "the same searches through the FTS5 index", claim: claim,
            repetitions: repetitions, notes: notes
        ) {
            try sideBySide(
                repetitions: repetitions,
                // The rows examined: the scan steps through every row at each search; MATCH reads the index.
                counter: Counter(name: "full-scan steps") { db.finalized.fullScanSteps },
                baseline: { try search(db.prepare(indexed), "\"\(rareWord)\"*", times: searches) },
                measured: { try search(db.prepare(scan), rareWord, times: searches) })
        }
        if let result = recorder.results.last, result.name == name {
            recorder.note(
                "one search: \(formatSeconds(result.baselineSeconds / Double(searches))) through the index, "
                    + "\(formatSeconds(result.seconds / Double(searches))) scanned (this machine's figures)")
        }
        guard rows == 100_000 else { continue }
        // Issue 20's target for an index that answers as you type.
        try recorder.compare(
            section, fts5, against: "as many runs of SELECT 1",
            claim: .netUnder(
                0.005 * Double(searches), "at \(formatCount(rows)) rows, an FTS5 search takes under 5 ms (net)"),
            repetitions: repetitions, notes: notes
        ) {
            try sideBySide(
                repetitions: repetitions,
                baseline: { try search(db.prepare("SELECT ?"), "1", times: searches) },
                measured: { try search(db.prepare(indexed), "\"\(rareWord)\"*", times: searches) })
        }
    }
}

/// Fills `body` with `rows` made-up names (the rare word in about ten of
/// them), indexes them, and returns the bytes the table and the index take.
private func fillAndIndex(_ db: CConnection, rows: Int) throws -> (table: Int, index: Int) {
    try db.execute("CREATE TABLE body (id INTEGER PRIMARY KEY, english_name TEXT NOT NULL)")
    try db.execute(
        """
        INSERT INTO body (english_name)
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
        SELECT 'Body ' || i || ' of ' || (CASE i % 7 WHEN 0 THEN 'Saturn' WHEN 1 THEN 'Jupiter' ELSE 'the Kuiper belt' END)
               || (CASE WHEN i % \(max(rows / 10, 1)) = 0 THEN ' \(rareWord.capitalized)' ELSE '' END)
        FROM n
        """)
    try db.execute(
        """
        CREATE VIRTUAL TABLE body_fts USING fts5(english_name, content = 'body', content_rowid = 'id',
                                                tokenize = 'unicode61 remove_diacritics 2');
        INSERT INTO body_fts(body_fts) VALUES('rebuild');
        """)
    // dbstat: one row per page of the file, named after its table or index.
    let table = Int(try db.text("SELECT sum(pgsize) FROM dbstat WHERE name = 'body'")) ?? 0
    let index = Int(try db.text("SELECT sum(pgsize) FROM dbstat WHERE name LIKE 'body\\_fts\\_%' ESCAPE '\\'")) ?? 0
    return (table, index)
}

/// Runs `query` with `text` `times` times, reading every row.
private func search(_ query: CStatement, _ text: String, times: Int) throws {
    for _ in 0..<times {
        try query.bind(1, text)
        while try query.step() {}
        try query.reset()
    }
}

/// How many rows `query` finds for `text`.
private func count(_ db: CConnection, _ query: String, _ text: String) throws -> Int {
    let statement = try db.prepare(query)
    try statement.bind(1, text)
    var rows = 0
    while try statement.step() { rows += 1 }
    return rows
}
