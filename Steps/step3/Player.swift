import Foundation
import GRDB

// A record is a Swift value that GRDB can read from a row (FetchableRecord,
// through Decodable) and write as a row (MutablePersistableRecord, through
// Encodable). Property names are column names.

// [docs:player]
/// A player. New since step 2: `teamID`, the team the player belongs to, if any.
struct Player: Codable, Equatable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "players"

    var id: Int64?  // nil until inserted: SQLite picks the id
    var name: String
    var createdAt: Date  // never nil: see the migration's NOT NULL
    var isInjured = false
    var teamID: Int64?  // nil: no team. Only the id, never a whole Team value.

    /// The columns this step filters and orders by, typed.
    enum Columns {
        static let id = Column(CodingKeys.id)
        static let teamID = Column(CodingKeys.teamID)
    }

    /// After an INSERT, keep the id SQLite chose.
    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
// [/docs:player]

// [docs:identifiable]
// `id` is optional, so every unsaved record has the same identity: nil.
// Useful (SwiftUI's ForEach and sheet(item:) want Identifiable; GRDB adds
// `fetchOne(db, id:)`), but two unsaved players are "the same" to anything
// that goes by `id`. See the chapter.
extension Player: Identifiable {}
// [/docs:identifiable]

/// Players as the narrator prints them.
func playersTable(_ players: [Player]) -> (headers: [String], rows: [[String?]]) {
    (
        ["id", "name", "createdAt", "isInjured", "teamID"],
        players.map {
            [
                $0.id.map(String.init), $0.name, $0.createdAt.formatted(.iso8601), $0.isInjured ? "1" : "0",
                $0.teamID.map(String.init),
            ]
        }
    )
}
