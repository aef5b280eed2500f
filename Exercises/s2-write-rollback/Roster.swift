import GRDB

// Exercise s2-write-rollback · write the code · chapter 2, "GRDB's DatabaseQueue"
//
// Tables: teams (id INTEGER PRIMARY KEY, name TEXT NOT NULL)
//         players (id INTEGER PRIMARY KEY, name TEXT NOT NULL, teamID INTEGER)
// Write `addTeam`: insert the team, then its players with the team's id. A
// blank player name (only whitespace: spaces, tabs, line breaks; or empty) is refused with
// `RosterError.blankName`, and then nothing at all is saved, not even the team.

enum RosterError: Error, Equatable {
    case blankName
}

func addTeam(_ queue: DatabaseQueue, name: String, players: [String]) throws {
    // TODO: one `queue.write { db in … }` for the team and all its players.
    // db.execute(sql:arguments:) runs an INSERT; db.lastInsertedRowID is the new team's id.
}
