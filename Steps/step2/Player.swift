import Foundation
import GRDB

// [docs:player]
/// A player, as a GRDB record. The protocols do the work step 1 did by hand:
/// - `Codable`: the columns are the properties, by name.
/// - `FetchableRecord`: rows decode into players (`Player.fetchAll(db)`).
/// - `MutablePersistableRecord`: players encode into INSERT and UPDATE statements.
struct Player: Codable, Equatable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "players"

    var id: Int64?  // nil until inserted
    var name: String
    var createdAt: Date
    var isInjured = false

    /// The columns, typed: `Player.Columns.name == "Ghost"` instead of a string.
    enum Columns {
        static let id = Column(CodingKeys.id)
        static let name = Column(CodingKeys.name)
    }

    /// After an INSERT, SQLite tells the new row's id: keep it.
    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
// [/docs:player]

/// Players as the narrator prints them.
func playersTable(_ players: [Player]) -> (headers: [String], rows: [[String?]]) {
    (
        ["id", "name", "createdAt", "isInjured"],
        players.map { [$0.id.map(String.init), $0.name, formatDate($0.createdAt), $0.isInjured ? "yes" : "no"] }
    )
}

/// Dates print as GRDB stores them: UTC, "yyyy-MM-dd HH:mm:ss".
func formatDate(_ date: Date) -> String {
    date.formatted(
        Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day().dateSeparator(.dash)
            .time(includingFractionalSeconds: false).timeSeparator(.colon).dateTimeSeparator(.space))
}
