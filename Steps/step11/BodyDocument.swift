import GRDB

/// A row of `body` as GRDB's record API writes it: the columns a sync sets.
/// (The generated columns cannot be written; decoding ignores them.)
struct BodyDocument: Codable, Equatable, FetchableRecord, PersistableRecord {
    var id: String
    var document: String
    var revision: Int = 1

    static let databaseTableName = "body"
}
