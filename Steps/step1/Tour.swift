import CSQLite
import CourseCore
import Foundation

// MARK: - The tour

extension Step1 {
    /// `step1` with no subcommand: the lesson, narrated, on a fresh database file.
    /// Each section below is one idea; what it tells is measured on the database.
    static func runTour(trace: Bool) throws {
        let say = Narrator()
        say.title("Step 1 · The raw SQLite C API")
        let path = try Workspace.freshDatabasePath("step1-tour.sqlite")  // a fresh start, every time
        let db = try openSection(say, path: path, trace: trace)
        try createTableSection(say, db)
        try insertSection(say, db, players: demoPlayers)
        try readSection(say, db)
        try refusalSection(say, db, attempts: Refusal.tour)
        try transactionSection(say, db, batchSize: 200)
        closeSection(say, db, path: path)
    }

    /// The tour's players: one with a NULL createdAt, one whose name is an injection attempt.
    static let demoPlayers: [NewPlayer] = [
        ("Blob", "2024-11-18 09:00:00", false),
        ("Blob Jr", nil, false),
        ("Blob Sr", "2024-11-18 09:30:00", true),
        ("Bobby'); DROP TABLE players;--", "2024-11-18 10:00:00", false),
    ]
}

// MARK: - Sections

func openSection(_ say: Narrator, path: String, trace: Bool) throws -> OpaquePointer {
    say.section("Open a database")
    say.action("Open \(Workspace.display(path)) with sqlite3_open_v2(READWRITE | CREATE)")
    let db = try openDatabase(path)
    RawTrace.install(on: db, narrator: trace ? say : nil)  // --trace, --stats
    let exists = FileManager.default.fileExists(atPath: path)
    say.result("SQLITE_OK: \(exists ? "the file exists now" : "no file yet"), and `db` is our connection handle")
    say.note("SQLite \(String(cString: sqlite3_libversion())) from libsqlite3, through the CSQLite module")
    return db
}

func createTableSection(_ say: Narrator, _ db: OpaquePointer) throws {
    say.section("Create a table with sqlite3_exec")
    say.action("CREATE TABLE players (id, name, createdAt, isInjured)")
    try createPlayersTable(db)
    say.result("table created; it has \(try countRows(db, table: "players")) rows")
}

func insertSection(_ say: Narrator, _ db: OpaquePointer, players: [NewPlayer]) throws {
    say.section("Insert with a prepared statement")
    say.action("Prepare one INSERT, then bind, step and reset it for \(players.count) players")
    let before = try countRows(db, table: "players")
    try insertPlayers(db, players)
    let after = try countRows(db, table: "players")
    say.result("\(after - before) rows inserted; the last one got id \(sqlite3_last_insert_rowid(db))")
    // Read back what was stored: a name pasted into the SQL would not survive.
    let stored = try fetchPlayers(db).suffix(players.count).map(\.name)
    let verbatim = stored == players.map(\.name)
    say.note("each name bound as a value is stored \(verbatim ? "exactly as typed" : "CHANGED: \(stored)")")
    say.note("the last one is an injection attempt: bound, it is only text, and the table is still there")
}

func readSection(_ say: Narrator, _ db: OpaquePointer) throws {
    say.section("Read rows with step and column")
    say.action("SELECT id, name, createdAt, isInjured FROM players")
    let players = try fetchPlayers(db)
    let table = playersTable(players)
    say.table(table.headers, table.rows)
    let nulls = players.filter { $0.createdAt == nil }.map(\.name)
    say.note("NULL createdAt: \(nulls.isEmpty ? "none" : nulls.joined(separator: ", ")) (bound with sqlite3_bind_null)")
    say.note("NULL is read by checking sqlite3_column_type first: no crash, no empty string")
}

func refusalSection(_ say: Narrator, _ db: OpaquePointer, attempts: [Refusal]) throws {
    say.section("When SQLite says no")
    let before = try countRows(db, table: "players")
    for attempt in attempts {
        say.action(attempt.action)
        do {
            try attempt.run(db)
            say.result("unexpected: it worked")
        } catch {
            say.expectedError(ErrorReport("\(attempt.failingCall) failed", error: error))
            say.note(attempt.lesson)
        }
    }
    let after = try countRows(db, table: "players")
    say.result(
        after == before
            ? "still \(after) rows: a refused statement changes nothing"
            : "\(after) rows, \(before) before: a statement that was not refused changed the table")
}

func transactionSection(_ say: Narrator, _ db: OpaquePointer, batchSize: Int) throws {
    say.section("Many rows: one transaction or many")
    let batch: [NewPlayer] = (1...batchSize).map { ("Bulk \($0)", nil, false) }
    let before = try countRows(db, table: "players")
    say.action("Insert \(batch.count) players in autocommit mode: one transaction per INSERT")
    let autocommit = try measure { try insertPlayers(db, batch) }
    say.measurement(String(format: "%.1f ms", autocommit * 1000))
    say.action("Insert \(batch.count) more between BEGIN and COMMIT: one transaction for all")
    let grouped = try measure { try inTransaction(db) { try insertPlayers(db, batch) } }
    say.measurement(String(format: "%.1f ms, %.0f× faster", grouped * 1000, autocommit / max(grouped, 1e-6)))
    let after = try countRows(db, table: "players")
    say.result("\(after - before) rows added, \(after) in all")
    say.note("each commit waits for the disk; inside BEGIN … COMMIT that wait happens once")
}

func closeSection(_ say: Narrator, _ db: OpaquePointer, path: String) {
    say.section("Close")
    say.action("sqlite3_close_v2")
    // close_v2 answers SQLITE_OK even with a statement left: it then frees the
    // connection only when that statement is finalized. So ask first.
    let leftOver = sqlite3_next_stmt(db, nil) != nil
    let closed = sqlite3_close_v2(db)
    let stays = FileManager.default.fileExists(atPath: path)
    let connection =
        closed != SQLITE_OK
        ? "the connection is STILL OPEN"
        : leftOver
            ? "a statement was never finalized: the connection lives on until it is"
            : "no statement was left to finalize, so the connection is closed now"
    say.result("\(ResultCodeName.of(closed)): \(connection); the file \(stays ? "stays" : "is gone")")
    say.note("look inside: make step1 ARGS=\"list --database \(Workspace.display(path))\"")
}

/// Seconds taken by `body`.
private func measure(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}
