import GRDB

// Exercise s5-rerun-predict · predict the output · chapter 5, "A file as step 4 left it"
//
// Read this program, then write in prediction.txt what it prints, line by
// line. Don't run it: `make ex` runs it and compares.

func program(say: (String) -> Void) throws {
    let queue = try DatabaseQueue()
    var stepFour = DatabaseMigrator()
    stepFour.registerMigration("createItem") { db in
        try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    }
    try stepFour.migrate(queue)
    try queue.write { db in try db.execute(sql: "INSERT INTO item (name) VALUES ('Apple')") }

    var stepFive = stepFour
    stepFive.registerMigration("addNotes") { db in
        try db.execute(sql: "ALTER TABLE item ADD COLUMN notes TEXT")
        try db.execute(sql: "UPDATE item SET notes = name")
    }
    try stepFive.migrate(queue)
    try queue.write { db in try db.execute(sql: "INSERT INTO item (name) VALUES ('Pear')") }
    try stepFive.migrate(queue)

    try queue.read { db in
        say("applied: " + (try stepFive.appliedIdentifiers(db)).sorted().joined(separator: ", "))
        for row in try Row.fetchAll(db, sql: "SELECT name, notes FROM item ORDER BY id") {
            say("\(row["name"] as String): \((row["notes"] as String?) ?? "NULL")")
        }
        say("step 4's migrator done: \(try stepFour.hasCompletedMigrations(db))")
        say("step 5's migrator done: \(try stepFive.hasCompletedMigrations(db))")
    }
}
