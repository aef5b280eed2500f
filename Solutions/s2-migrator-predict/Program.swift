import GRDB

// Exercise s2-migrator-predict · predict the output · chapter 2, "GRDB's DatabaseQueue"
//
// Read this program, then write in prediction.txt what it prints, line by
// line. Don't run it: `make ex` runs it and compares.

func program(say: (String) -> Void) throws {
    let queue = try DatabaseQueue()
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
        try db.execute(sql: "CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        try db.execute(sql: "INSERT INTO players (name) VALUES ('Blob')")
    }
    migrator.registerMigration("v2") { db in
        try db.execute(sql: "ALTER TABLE players ADD COLUMN score INTEGER NOT NULL DEFAULT 0")
    }

    try migrator.migrate(queue)
    try migrator.migrate(queue)
    try queue.read { db in
        say("applied: " + (try migrator.appliedMigrations(db)).joined(separator: ", "))
        say("players: \(try Int.fetchOne(db, sql: "SELECT count(*) FROM players") ?? -1)")
        say("columns: " + (try db.columns(in: "players")).map(\.name).joined(separator: ", "))
        say("Blob's score: \(try Int.fetchOne(db, sql: "SELECT score FROM players") ?? -1)")
    }
}
