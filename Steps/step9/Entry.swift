import GRDB

// [docs:entry]
/// One row a writer added: which worker process wrote it, and its number
/// within that worker's run. `Sendable` (every stored property is), so an
/// entry may leave `try await reader.read { … }` in Swift 6 language mode.
struct Entry: Codable, Equatable, Sendable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "entry"

    var id: Int64?  // nil until inserted: SQLite picks the id
    var worker: Int  // 0 for the tour and the parent process; 1…N for write-load's workers
    var number: Int

    /// The columns this step filters and groups by, typed.
    enum Columns {
        static let worker = Column(CodingKeys.worker)
        static let number = Column(CodingKeys.number)
    }

    /// After an INSERT, keep the id SQLite chose.
    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
// [/docs:entry]
