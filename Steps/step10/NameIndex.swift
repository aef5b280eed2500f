import GRDB

/// A scratch FTS5 table of product names, in memory, to compare what the
/// table's options change: the tokenizer, a prefix index, `optimize`. The
/// names are inserted one statement at a time, each its own transaction, as
/// an app adds rows over time.
struct NameIndex {
    let queue: DatabaseQueue

    // [docs:name-index]
    /// `tokenize`: how text becomes tokens.
    /// - `unicode61 remove_diacritics 2`: runs of letters and digits (the steps' tokenizer);
    /// - `trigram`: every run of three characters, so a query finds any
    ///   substring of three characters or more (`moke` finds Smoked);
    /// - `porter unicode61 …`: unicode61's tokens, each cut to its English
    ///   stem (Porter's algorithm), in the index and in the query alike:
    ///   `smoking` and `Smoked` both become `smoke`.
    ///
    /// `prefix = '2 3'` also indexes the first 2 and 3 characters of every
    /// token, so a prefix query of that length (`sm*`, `smo*`) reads one entry
    /// instead of every term that starts with it: a bigger index, faster prefixes.
    init(tokenize: String, prefix: String? = nil, names: [String]) throws {
        queue = try DatabaseQueue()
        let prefixOption = prefix.map { ", prefix = '\($0)'" } ?? ""
        try queue.write { db in
            try db.execute(
                sql: "CREATE VIRTUAL TABLE name USING fts5(product, tokenize = '\(tokenize)'\(prefixOption))")
        }
        for name in names {
            try queue.write { db in try db.execute(sql: "INSERT INTO name (product) VALUES (?)", arguments: [name]) }
        }
    }
    // [/docs:name-index]

    /// The names `pattern` matches, in the order they were inserted.
    func names(matching pattern: String) throws -> [String] {
        try queue.read { db in
            try String.fetchAll(
                db, sql: "SELECT product FROM name WHERE name MATCH ? ORDER BY rowid", arguments: [pattern])
        }
    }

    /// The index's storage, the shadow table `name_data`: how many segments (b-trees)
    /// it holds, and its bytes. A segment's pages are rows whose id is the segment's
    /// number shifted left 37 bits (FTS5's `fts5_dri`); ids 1 and 10 are bookkeeping.
    func storage() throws -> (segments: Int, bytes: Int) {
        try queue.read { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT count(DISTINCT CASE WHEN id >= 1 << 37 THEN id >> 37 END), sum(length(block))
                    FROM name_data
                    """)
            return (row?[0] ?? 0, row?[1] ?? 0)
        }
    }

    // [docs:optimize]
    /// Merges all the segments the index is made of into one b-tree. Each
    /// write transaction adds a segment, and FTS5 merges some of them as it
    /// goes, not all.
    func optimize() throws {
        try queue.write { db in try db.execute(sql: "INSERT INTO name(name) VALUES('optimize')") }
    }
    // [/docs:optimize]
}
