import GRDB

// [docs:team]
/// A team: just a name for now.
struct Team: Codable, Equatable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "teams"

    var id: Int64?
    var name: String

    /// The columns this step orders by, typed.
    enum Columns {
        static let id = Column(CodingKeys.id)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
// [/docs:team]

extension Team: Identifiable {}
