import GRDB

/// One row a search found: where it comes from, its name, the snippet of
/// the column that matched best (matches in [brackets]) and its bm25 score.
struct SearchHit: Equatable, FetchableRecord, Decodable {
    var id: String
    var title: String
    var snippet: String
    /// bm25: negative, and the lower the better (SQLite sorts ascending).
    var score: Double

    /// The hit as a row of a printed table.
    var tableRow: [String?] { [id, title, snippet, String(format: "%.2f", score)] }
    static let tableHeaders = ["id", "name", "snippet", "bm25"]
}
