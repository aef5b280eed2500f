import CourseCore
import CourseGRDB
import Dispatch
import Foundation
import GRDB

// MARK: - The tour

extension Step2 {
    /// `step2` with no subcommand: the lesson, narrated. Every count it
    /// prints is read from the database at that moment.
    static func runTour(trace: Bool) throws {
        let say = Narrator()
        say.title("Step 2 · One connection behind a serial queue")

        say.section("A queue written by hand")
        let database = try openSerialDatabase(say, trace: trace)
        try concurrentWrites(say, database, writers: 8, insertsPerWriter: 500)
        try interleavedWrites(say, order: interleavedOrder, trace: trace)
        try throwingWrite(say, database)
        try readThatWrites(say, database)

        say.section("The same with GRDB's DatabaseQueue")
        let path = try Workspace.freshDatabasePath("step2-tour.sqlite")  // a fresh start, every time
        let queue = try openDatabaseQueue(say, path: path, trace: trace)
        try runMigrator(say, queue)
        try insertAndFetchRecords(say, queue)
        let memory = try CourseGRDB.openQueue(
            .inMemory, configuration: CourseGRDB.configuration(trace: trace, narrator: say))
        try concurrentWrites(say, in: memory, writers: 8, insertsPerWriter: 50)
        try throwingWrite(say, queue)

        say.section("eraseDatabaseOnSchemaChange")
        try eraseOnSchemaChange(say, path: path, trace: trace)
    }
}

/// A fixed date (2024-11-18 09:00:00 UTC), so the output repeats.
let tourDate = Date(timeIntervalSince1970: 1_731_920_400)

// MARK: - Part 1: the wrapper written by hand, on top of step 1's C calls

func openSerialDatabase(_ say: Narrator, trace: Bool) throws -> SerialDatabase {
    say.action("Open an in-memory database and put the connection behind a serial queue")
    // In memory, so that what we time below is waiting in line, not the disk.
    let database = SerialDatabase(try RawConnection(path: ":memory:", trace: trace ? say : nil))
    try database.write { db in
        try db.execute("CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    }
    say.result("one connection; every read and write waits its turn")
    return database
}

func concurrentWrites(_ say: Narrator, _ database: SerialDatabase, writers: Int, insertsPerWriter: Int) throws {
    say.action("\(writers) threads each insert \(insertsPerWriter) players at the same time, one write per player")
    // [docs:hand-written-writers]
    var inserts = ConcurrentInserts(writers: writers, insertsPerWriter: insertsPerWriter)
    inserts.run { writer, index in
        try database.write { db in
            try db.run("INSERT INTO players (name) VALUES (?)", [.text("Writer \(writer) #\(index)")])
        }
    }
    // Then count what is really there.
    let counts = try database.read { db in try db.query("SELECT count(*), count(DISTINCT name) FROM players")[0] }
    if case .integer(let rows) = counts[0], case .integer(let distinct) = counts[1] {
        (inserts.rows, inserts.distinctNames) = (rows, distinct)
    }
    say.result(inserts.summary)
    // [/docs:hand-written-writers]
}

/// Whose statement runs next when writer A's one write and writer B's two
/// meet on one connection without a queue: one order two threads can take.
/// With the queue, each write's statements run together: "AAABBBBBB".
// [docs:interleaved-order]
let interleavedOrder = "AABBBABBB"
// [/docs:interleaved-order]

func interleavedWrites(_ say: Narrator, order: String, trace: Bool) throws {
    say.action("Without the queue: writers A and B send their statements to one connection in the order \(order)")
    let db = try RawConnection(path: ":memory:", trace: trace ? say : nil)
    try db.execute("CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    var writes = InterleavedWrites([("A", "A #1"), ("B", "B #1"), ("B", "B #2")])
    try writes.run(on: db, order: order)
    say.table(
        ["who", "statement", "SQLite answered", "then", "rows the connection sees"],
        writes.statements.map { statement in
            [
                String(statement.writer), statement.sql, statement.answer,
                statement.inTransaction ? "in a transaction" : "autocommit",
                statement.rows.isEmpty ? "none" : statement.rows.joined(separator: ", "),
            ]
        })
    say.table(
        ["write", "its writer was told", "in the table"],
        writes.writes.map { [$0.name, $0.told.rawValue, writes.table.contains($0.name) ? "yes" : "no"] })
    say.result(writes.summary)
    if !writes.lostAfterSaved.isEmpty || !writes.keptAfterFailed.isEmpty {
        say.note("one connection has one transaction: a BEGIN, COMMIT or ROLLBACK acts on it, whoever sends it")
    }
}

func throwingWrite(_ say: Narrator, _ database: SerialDatabase) throws {
    say.action("A write that inserts a player, then throws")
    do {
        try database.write { db in
            try db.run("INSERT INTO players (name) VALUES ('Ghost')")
            throw Halfway()
        }
        say.result("unexpected: it did not throw")
    } catch {
        say.result("it threw: \(error)")
    }
    let ghosts = try database.read { db in try db.query("SELECT count(*) FROM players WHERE name = 'Ghost'")[0][0] }
    say.result(
        "players named Ghost: \(ghosts) — "
            + (ghosts == .integer(0) ? "the transaction was rolled back" : "the insert was KEPT"))
}

func readThatWrites(_ say: Narrator, _ database: SerialDatabase) throws {
    say.action("A read that tries to write")
    do {
        try database.read { db in try db.run("DELETE FROM players") }
        say.result("unexpected: the delete ran")
    } catch {
        say.expectedError(ErrorReport("the read was refused", error: error))
        say.note("PRAGMA query_only keeps reads honest; GRDB's read does the same")
    }
}

// MARK: - Part 2: GRDB's DatabaseQueue, records and migrations

func openDatabaseQueue(_ say: Narrator, path: String, trace: Bool) throws -> DatabaseQueue {
    say.action("Open \(Workspace.display(path)) as a DatabaseQueue")
    let configuration = CourseGRDB.configuration(trace: trace, narrator: say)
    let queue = try CourseGRDB.openQueue(.file(path), configuration: configuration)
    say.result("a serial queue around one connection, like ours, plus everything below")
    return queue
}

func runMigrator(_ say: Narrator, _ queue: DatabaseQueue) throws {
    say.action("Run the migrator")
    let applied = try migrate(queue, with: migrator)
    say.result("applied: " + applied.map { "\"\($0)\"" }.joined(separator: ", "))
    say.action("Run it again")
    let again = try migrate(queue, with: migrator)
    say.result("applied: \(again.count) migrations" + (again.isEmpty ? " — each runs once" : ""))
}

func insertAndFetchRecords(_ say: Narrator, _ queue: DatabaseQueue) throws {
    say.action("Insert Blob, Blob Jr and Blob Sr as Player records")
    let day = tourDate
    // [docs:insert-records]
    var blobs = [
        Player(name: "Blob", createdAt: day),
        Player(name: "Blob Jr", createdAt: day.addingTimeInterval(60)),
        Player(name: "Blob Sr", createdAt: day.addingTimeInterval(120), isInjured: true),
    ]
    try queue.write { db in
        for index in blobs.indices {
            // INSERT INTO "players" ("id", "name", "createdAt", "isInjured") VALUES (NULL, ?, ?, ?)
            try blobs[index].insert(db)  // didInsert sets blobs[index].id
        }
    }
    // [/docs:insert-records]
    let ids = blobs.map { "\($0.name) = \($0.id.map(String.init) ?? "nil")" }
    say.result("ids set by didInsert: " + ids.joined(separator: ", "))

    say.action("Fetch all players")
    // SELECT * FROM "players" ORDER BY "id"
    let players = try queue.read { db in try Player.order(Player.Columns.id).fetchAll(db) }
    let table = playersTable(players)
    say.table(table.headers, table.rows)
}

func concurrentWrites(_ say: Narrator, in queue: DatabaseQueue, writers: Int, insertsPerWriter: Int) throws {
    say.action("\(writers) threads each insert \(insertsPerWriter) players through a queue (in memory, as above)")
    _ = try migrate(queue, with: migrator)
    var inserts = ConcurrentInserts(writers: writers, insertsPerWriter: insertsPerWriter)
    inserts.run { writer, index in
        try queue.write { db in
            var player = Player(name: "Writer \(writer) #\(index)", createdAt: tourDate)
            try player.insert(db)
        }
    }
    // SELECT COUNT(*) FROM "players"; SELECT COUNT(DISTINCT "name") FROM "players"
    (inserts.rows, inserts.distinctNames) = try queue.read { db in
        (Int64(try Player.fetchCount(db)), Int64(try Player.select(Player.Columns.name).distinct().fetchCount(db)))
    }
    say.result(inserts.summary)
}

func throwingWrite(_ say: Narrator, _ queue: DatabaseQueue) throws {
    say.action("A write that inserts a player, then throws")
    do {
        try queue.write { db in
            var ghost = Player(name: "Ghost", createdAt: tourDate)
            try ghost.insert(db)
            throw Halfway()
        }
        say.result("unexpected: it did not throw")
    } catch {
        say.result("it threw: \(error)")
    }
    // SELECT COUNT(*) FROM "players" WHERE "name" = 'Ghost'
    let ghosts = try queue.read { db in try Player.filter(Player.Columns.name == "Ghost").fetchCount(db) }
    say.result(
        "players named Ghost: \(ghosts) — " + (ghosts == 0 ? "GRDB rolled the transaction back" : "the insert was KEPT")
    )
}

// MARK: - Part 3: what `eraseDatabaseOnSchemaChange` does to data

func eraseOnSchemaChange(_ say: Narrator, path: String, trace: Bool) throws {
    say.action(
        "Edit the already-applied \"Create 'players' table\" migration (add a column) and migrate again,"
            + " on a copy of \(Workspace.display(path)) in memory")
    // On a copy: the tour's file stays a step 2 file, which step 2 reads and every other step
    // names when it refuses it (docs/appendix-file-compatibility.md).
    let configuration = CourseGRDB.configuration(trace: trace, narrator: say)
    let queue = try CourseGRDB.openQueue(.inMemory, configuration: configuration)
    try CourseGRDB.openQueue(.file(path), configuration: configuration).backup(to: queue)
    let before = try queue.read { db in try Player.fetchCount(db) }
    // [docs:erase]
    var edited = DatabaseMigrator()
    edited.eraseDatabaseOnSchemaChange = true  // source 002 sets this in DEBUG builds only
    edited.registerMigration("Create 'players' table") { db in
        try db.create(table: "players") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("name", .text).notNull()
            table.column("createdAt", .datetime).defaults(sql: "CURRENT_TIMESTAMP")
            table.column("nickname", .text)  // the edit
        }
    }
    try edited.migrate(queue)
    // [/docs:erase]
    let after = try queue.read { db in try Player.fetchCount(db) }
    let erased = after == 0 && before > 0
    say.result(
        "players before: \(before), after: \(after)"
            + (erased ? " — GRDB saw a different schema and erased the database" : ""))
    say.note(
        "safe while developing, with data you can recreate (source 002's simulator); in a shipped app this deletes the user's data"
    )
    say.note("so: never edit an applied migration in a release; add a new one")
}

/// Migrates and returns the names of the migrations that this call applied.
func migrate(_ queue: DatabaseQueue, with migrator: DatabaseMigrator) throws -> [String] {
    let before = try queue.read { db in try migrator.appliedIdentifiers(db) }
    try attempt("migrate \(queue.path)") { try migrator.migrate(queue) }
    let after = try queue.read { db in try migrator.appliedIdentifiers(db) }
    return migrator.migrations.filter { after.contains($0) && !before.contains($0) }
}
