import ExerciseSupport
import GRDB

@testable import Exercise_s2_write_rollback

func freshQueue() throws -> DatabaseQueue {
    let queue = try DatabaseQueue()
    try queue.write { db in
        try db.execute(
            sql: """
                CREATE TABLE teams (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL, teamID INTEGER);
                """)
    }
    return queue
}

let query = "SELECT teams.name, players.name FROM players JOIN teams ON teams.id = players.teamID ORDER BY players.id"

func rows(_ queue: DatabaseQueue) throws -> [[String]] {
    try queue.read { db in try Row.fetchAll(db, sql: query).map { [$0[0] as String, $0[1] as String] } }
}

// edge(whitespace, newline-not-blank): names of a tab, a line break (LF, CRLF) or a no-break space only are blank
// edge(empty, error-caught-inside): an empty name: refused with an error, not skipped
// edge(error-path, two-writes): the roster refused after the team's insert: nothing saved, not even the team
runCheck(
    "s2-write-rollback",
    [
        (
            "adds the team and its players",
            {
                let queue = try freshQueue()
                try learnerCode("addTeam(queue, name: \"Lions\", players: [\"Blob\", \"Blob Jr\"])") {
                    try addTeam(queue, name: "Lions", players: ["Blob", "Blob Jr"])
                }
                try expect(
                    try rows(queue), equals: [["Lions", "Blob"], ["Lions", "Blob Jr"]], "players with their team",
                    sql: query)
            }
        ),
        (
            "refuses an empty name",
            {
                let queue = try freshQueue()
                let error = try learnerCodeThrows("addTeam(queue, name: \"Pumas\", players: [\"\"]), an empty name,") {
                    try addTeam(queue, name: "Pumas", players: [""])
                }
                try expect("\(error)", equals: "\(RosterError.blankName)", "the error for an empty name")
            }
        ),
        (
            "saves nothing when a name is blank",
            {
                let queue = try freshQueue()
                let error = try learnerCodeThrows(
                    "addTeam(queue, name: \"Tigers\", players: [\"Blob Sr\", \"  \"]), a name of spaces only,"
                ) {
                    try addTeam(queue, name: "Tigers", players: ["Blob Sr", "  "])
                }
                try expect("\(error)", equals: "\(RosterError.blankName)", "the error for a name of spaces only")
                let teams = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM teams") }
                try expect(
                    teams, equals: 0,
                    "the team is saved though its roster was refused (the team and its players belong in one write)",
                    sql: "SELECT count(*) FROM teams")
                try expect(try rows(queue), equals: [], "players after a refused roster", sql: query)
            }
        ),
        (
            "a name of whitespace only is blank: a tab, a line break, a no-break space",
            {
                for blank in ["\t", "\n", " \r\n ", "\u{A0}"] {
                    let queue = try freshQueue()
                    let error = try learnerCodeThrows(
                        "addTeam(queue, name: \"Pumas\", players: [\"Blob\", \(swiftLiteral(blank))]), a blank name,"
                    ) {
                        try addTeam(queue, name: "Pumas", players: ["Blob", blank])
                    }
                    try expect("\(error)", equals: "\(RosterError.blankName)", "the error for a blank name")
                }
            }
        ),
    ])
