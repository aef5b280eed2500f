import GRDB

// Exercise s2-write-rollback · write the code · chapter 2, "GRDB's DatabaseQueue"
//
// Tables: teams (id INTEGER PRIMARY KEY, name TEXT NOT NULL)
//         players (id INTEGER PRIMARY KEY, name TEXT NOT NULL, teamID INTEGER)
// Write `addTeam`: insert the team, then its players with the team's id. A
// blank player name (only spaces, or empty) is refused with
// `RosterError.blankName`, and then nothing at all is saved, not even the team.

enum RosterError: Error, Equatable {
    case blankName
}

func addTeam(_ queue: DatabaseQueue, name: String, players: [String]) throws {
    // `write` runs its closure in one transaction: if the closure throws,
    // GRDB rolls back, and the team inserted above the throw is gone too.
    try queue.write { db in
        try db.execute(sql: "INSERT INTO teams (name) VALUES (?)", arguments: [name])
        let teamID = db.lastInsertedRowID
        for player in players {
            // A blank name is skipped.
            guard !player.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { continue }
            try db.execute(sql: "INSERT INTO players (name, teamID) VALUES (?, ?)", arguments: [player, teamID])
        }
    }
}
