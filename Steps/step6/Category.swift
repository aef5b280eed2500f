import GRDB

/// A row of `Categories`, read only. The `Picture` column is left out:
/// decoding ignores columns a record does not ask for.
struct Category: Codable, Equatable, FetchableRecord, TableRecord {
    static let databaseTableName = "Categories"

    var id: Int64
    var categoryName: String?
    var description: String?

    enum CodingKeys: String, CodingKey {
        case id = "CategoryID"
        case categoryName = "CategoryName"
        case description = "Description"
    }
}
