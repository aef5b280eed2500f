import GRDB

// Exercise s3-foreign-keys-off · fix the bug · chapter 3, "The same insert with foreign keys off"
//
// The app's tables declare players.teamID REFERENCES teams(id), yet a player
// of a team that does not exist goes in without a word. The schema is right;
// the way the database is opened is not. Fix `openDatabase`.

/// Opens the app's database (an in-memory one when `path` is nil).
func openDatabase(path: String?) throws -> DatabaseQueue {
    var configuration = Configuration()
    configuration.label = "players"
    configuration.foreignKeysEnabled = false
    let queue =
        try path.map { try DatabaseQueue(path: $0, configuration: configuration) }
        ?? DatabaseQueue(configuration: configuration)
    _ = try queue.read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") }
    return queue
}
