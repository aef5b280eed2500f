import GRDB

// Exercise s3-fetch-predict · predict the output · chapter 3, "Queries"
//
// Read this program, then write in prediction.txt what it prints, line by
// line. Don't run it: `make ex` runs it and compares.

struct Player: Codable, FetchableRecord, TableRecord {
    static let databaseTableName = "players"
    var id: Int64
    var name: String
    var teamID: Int64?
}

func program(say: (String) -> Void) throws {
    let queue = try DatabaseQueue()
    try queue.write { db in
        try db.execute(
            sql: """
                CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL, teamID INTEGER);
                INSERT INTO players (id, name, teamID) VALUES (1, 'Blob Sr', 1), (2, 'Blob', NULL), (3, 'Blob Jr', 1);
                """)
    }
    try queue.read { db in
        say("player 2: \(try Player.fetchOne(db, key: 2)?.name ?? "none")")
        say("player 42: \(try Player.fetchOne(db, key: 42)?.name ?? "none")")
        say("first by name: \(try String.fetchOne(db, sql: "SELECT name FROM players ORDER BY name") ?? "none")")
        say("teamless: \(try Player.filter(Column("teamID") == nil).fetchCount(db))")
        say("team 1: \(try Player.filter(Column("teamID") == 1).order(Column("name")).fetchAll(db).map(\.name))")
    }
}
