import Foundation
import GRDB

// MARK: - What bm25 counts

/// One row a prefix matched, with what bm25 counted in it: the matching
/// tokens in each column, and the row's length in tokens (all columns).
struct BM25Count: FetchableRecord, Decodable {
    var id: Int64
    var name: String
    var inName: Int
    var inCategory: Int
    var inSupplier: Int
    var tokens: Int
    var score: Double

    var tableRow: [String?] {
        [String(id), name, String(inName), String(inCategory), String(inSupplier), String(tokens), formatScore(score)]
    }
    static let tableHeaders = ["id", "name", "in name", "category", "supplier", "tokens", "bm25"]
}

// [docs:bm25-counts]
/// For each product `"prefix"*` matches: how many of its tokens start with
/// `prefix`, column by column, and how many tokens the row has in all. Read
/// from the index itself, with an `fts5vocab` table of kind 'instance' (one
/// row per token of every row: term, doc = rowid, col, offset).
///
/// bm25 scores the *row*: for each phrase of the query, how often it occurs
/// across all the row's columns, against how long the whole row is, times
/// how rare the phrase is in the index (the same for every row it matches).
func bm25Counts(_ db: Database, prefix: String) throws -> [BM25Count] {
    try db.execute(
        sql: "CREATE VIRTUAL TABLE IF NOT EXISTS temp.product_tokens USING fts5vocab(main, product_fts, 'instance')")
    return try BM25Count.fetchAll(
        db,
        sql: """
            WITH counted AS (
              SELECT doc, count(*) AS tokens,
                     sum(col = 'product' AND substr(term, 1, length(:prefix)) = :prefix) AS inName,
                     sum(col = 'category' AND substr(term, 1, length(:prefix)) = :prefix) AS inCategory,
                     sum(col = 'supplier' AND substr(term, 1, length(:prefix)) = :prefix) AS inSupplier
              FROM temp.product_tokens GROUP BY doc)
            SELECT rowid AS id, product AS name, inName, inCategory, inSupplier, tokens, bm25(product_fts) AS score
            FROM product_fts JOIN counted ON counted.doc = product_fts.rowid
            WHERE product_fts MATCH :pattern
            ORDER BY score, rowid
            """, arguments: ["prefix": prefix, "pattern": "\"\(prefix)\"*"])
}
// [/docs:bm25-counts]

// MARK: - Column weights and the rank column

// [docs:weights]
/// The product names `pattern` matches, best first by `ranking`, an SQL
/// expression:
///
/// - `bm25(product_fts)`: every column weighs 1;
/// - `bm25(product_fts, 10.0, 1.0, 1.0)`: one weight per column, in the
///   table's order (product, category, supplier). A match in the name counts
///   ten times one in the category or the supplier;
/// - `rank`: a hidden column of every FTS5 table, the score of the table's
///   ranking function (`bm25()` unless configured). `rankFunction` sets it for
///   this query only: `AND rank MATCH 'bm25(10.0, 1.0, 1.0)'`.
func productNames(
    _ db: Database, matching pattern: String, orderBy ranking: String, rankFunction: String? = nil
) throws -> [String] {
    // SELECT product FROM product_fts WHERE product_fts MATCH ? [AND rank MATCH ?]
    // ORDER BY <ranking>, rowid
    let rankFilter = rankFunction == nil ? "" : " AND rank MATCH ?"
    return try String.fetchAll(
        db,
        sql: """
            SELECT product FROM product_fts WHERE product_fts MATCH ?\(rankFilter)
            ORDER BY \(ranking), rowid
            """, arguments: StatementArguments([pattern, rankFunction].compactMap { $0 }))
}
// [/docs:weights]

/// A bm25 score as output shows it: two decimals.
func formatScore(_ score: Double) -> String { String(format: "%.2f", score) }
