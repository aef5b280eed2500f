import CourseCore
import CourseGRDB
import Dispatch
import Foundation
import GRDB

/// A write that fails halfway, on purpose.
struct Halfway: Error, CustomStringConvertible {
    var description: String { "stopped halfway on purpose" }
}

extension Step2 {
    /// `step2` with no subcommand: the lesson, narrated.
    static func runTour(trace: Bool) throws {
        let say = Narrator()
        say.title("Step 2 · One connection behind a serial queue")
        try handWrittenQueue(say, trace: trace)
        try grdbQueue(say, trace: trace)
        try eraseOnSchemaChange(say, trace: trace)
    }
}

/// Part 1: the wrapper written by hand, on top of step 1's C calls.
private func handWrittenQueue(_ say: Narrator, trace: Bool) throws {
    say.section("A queue written by hand")
    say.action("Open an in-memory database and put the connection behind a serial queue")
    // In memory, so that what we time below is waiting in line, not the disk.
    let database = SerialDatabase(try RawConnection(path: ":memory:", trace: trace ? say : nil))
    try database.write { db in
        try db.execute("CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    }
    say.result("one connection; every read and write waits its turn")

    let writers = 8, inserts = 50
    say.action("\(writers) threads each insert \(inserts) players at the same time, one write per player")
    // [docs:concurrent-writers]
    DispatchQueue.concurrentPerform(iterations: writers) { writer in
        for index in 1...inserts {
            try? database.write { db in
                try db.run("INSERT INTO players (name) VALUES (?)", [.text("Writer \(writer) #\(index)")])
            }
        }
    }
    // [/docs:concurrent-writers]
    let count = try database.read { db in try db.query("SELECT count(*) FROM players") }
    say.result("\(count[0][0]) rows: none lost, none doubled (\(writers) × \(inserts) = \(writers * inserts))")

    say.action("A write that inserts a player, then throws")
    do {
        try database.write { db in
            try db.run("INSERT INTO players (name) VALUES ('Ghost')")
            throw Halfway()
        }
    } catch {
        say.result("it threw: \(error)")
    }
    let ghosts = try database.read { db in try db.query("SELECT count(*) FROM players WHERE name = 'Ghost'") }
    say.result("players named Ghost: \(ghosts[0][0]) — the transaction was rolled back")

    say.action("A read that tries to write")
    do {
        try database.read { db in try db.run("DELETE FROM players") }
        say.result("unexpected: the delete ran")
    } catch {
        say.expectedError(ErrorReport("the read was refused", error: error))
        say.note("PRAGMA query_only keeps reads honest; GRDB's read does the same")
    }
}

/// Part 2: GRDB's DatabaseQueue, records and migrations.
private func grdbQueue(_ say: Narrator, trace: Bool) throws {
    say.section("The same with GRDB's DatabaseQueue")
    let path = try Workspace.freshDatabasePath("step2-tour.sqlite") // a fresh start, every time
    say.action("Open \(Workspace.display(path)) as a DatabaseQueue")
    let queue = try CourseGRDB.openQueue(.file(path), configuration: CourseGRDB.configuration(trace: trace, narrator: say))
    say.result("a serial queue around one connection, like ours, plus everything below")

    say.action("Run the migrator")
    let migrator = makeMigrator()
    let applied = try migrate(queue, with: migrator)
    say.result("applied: " + applied.map { "\"\($0)\"" }.joined(separator: ", "))
    say.action("Run it again")
    say.result("applied: \(try migrate(queue, with: migrator).count) migrations — each runs once")

    say.action("Insert Blob, Blob Jr and Blob Sr as Player records")
    let day = Date(timeIntervalSince1970: 1_731_920_400) // 2024-11-18 09:00:00 UTC: fixed, so output repeats
    // [docs:insert-records]
    var blobs = [
        Player(name: "Blob", createdAt: day),
        Player(name: "Blob Jr", createdAt: day.addingTimeInterval(60)),
        Player(name: "Blob Sr", createdAt: day.addingTimeInterval(120), isInjured: true),
    ]
    try queue.write { db in
        for index in blobs.indices {
            // INSERT INTO "players" ("id", "name", "createdAt", "isInjured") VALUES (NULL, ?, ?, ?)
            try blobs[index].insert(db) // didInsert sets blobs[index].id
        }
    }
    // [/docs:insert-records]
    say.result("ids set by didInsert: " + blobs.map { "\($0.name) = \($0.id.map(String.init) ?? "nil")" }.joined(separator: ", "))

    say.action("Fetch all players")
    // SELECT * FROM "players"
    let players = try queue.read { db in try Player.fetchAll(db) }
    let table = playersTable(players)
    say.table(table.headers, table.rows)

    let writers = 8, inserts = 50
    say.action("\(writers) threads each insert \(inserts) players through a queue (in memory, as above)")
    let memory = try CourseGRDB.openQueue(.inMemory, configuration: CourseGRDB.configuration(trace: trace, narrator: say))
    _ = try migrate(memory, with: migrator)
    DispatchQueue.concurrentPerform(iterations: writers) { writer in
        for index in 1...inserts {
            try? memory.write { db in
                var player = Player(name: "Writer \(writer) #\(index)", createdAt: day)
                try player.insert(db)
            }
        }
    }
    // SELECT COUNT(*) FROM "players"
    say.result("\(try memory.read { db in try Player.fetchCount(db) }) players: none lost, none doubled")

    say.action("A write that inserts a player, then throws")
    do {
        try queue.write { db in
            var ghost = Player(name: "Ghost", createdAt: day)
            try ghost.insert(db)
            throw Halfway()
        }
    } catch {
        say.result("it threw: \(error)")
    }
    // SELECT COUNT(*) FROM "players" WHERE "name" = 'Ghost'
    let ghosts = try queue.read { db in try Player.filter(Column("name") == "Ghost").fetchCount(db) }
    say.result("players named Ghost: \(ghosts) — GRDB rolled the transaction back")
}

/// Part 3: what `eraseDatabaseOnSchemaChange` does to data.
private func eraseOnSchemaChange(_ say: Narrator, trace: Bool) throws {
    say.section("eraseDatabaseOnSchemaChange")
    let path = try Workspace.databasePath("step2-tour.sqlite")
    say.action("Edit the already-applied \"Create 'players' table\" migration (add a column) and migrate again")
    let queue = try CourseGRDB.openQueue(.file(path), configuration: CourseGRDB.configuration(trace: trace, narrator: say))
    let before = try queue.read { db in try Player.fetchCount(db) }
    // [docs:erase]
    var edited = DatabaseMigrator()
    edited.eraseDatabaseOnSchemaChange = true // the seed sets this in DEBUG builds only
    edited.registerMigration("Create 'players' table") { db in
        try db.create(table: "players") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("name", .text).notNull()
            table.column("createdAt", .datetime).defaults(sql: "CURRENT_TIMESTAMP")
            table.column("nickname", .text) // the edit
        }
    }
    try edited.migrate(queue)
    // [/docs:erase]
    let after = try queue.read { db in try Player.fetchCount(db) }
    say.result("players before: \(before), after: \(after) — GRDB saw a different schema and erased the database")
    say.note("safe while developing, with data you can recreate (the seed's simulator); in a shipped app this deletes the user's data")
    say.note("so: never edit an applied migration in a release; add a new one")
}

/// Migrates and returns the names of the migrations that this call applied.
func migrate(_ queue: DatabaseQueue, with migrator: DatabaseMigrator) throws -> [String] {
    let before = try queue.read { db in try migrator.appliedIdentifiers(db) }
    try attempt("migrate \(queue.path)") { try migrator.migrate(queue) }
    let after = try queue.read { db in try migrator.appliedIdentifiers(db) }
    return migrator.migrations.filter { after.contains($0) && !before.contains($0) }
}
