import CSQLite
import CourseCore
import Foundation

extension Step1 {
    /// `step1` with no subcommand: the lesson, narrated, on a fresh database file.
    static func runTour(trace: Bool) throws {
        let say = Narrator()
        say.title("Step 1 · The raw SQLite C API")

        say.section("Open a database")
        let path = try Workspace.freshDatabasePath("step1-tour.sqlite") // a fresh start, every time
        say.action("Open \(Workspace.display(path)) with sqlite3_open_v2(READWRITE | CREATE)")
        let db = try openDatabase(path)
        if trace { RawTrace.install(on: db, narrator: say) }
        say.result("SQLITE_OK: the file exists now, and `db` is our connection handle")
        say.note("SQLite \(String(cString: sqlite3_libversion())) from libsqlite3, through the CSQLite module")

        say.section("Create a table with sqlite3_exec")
        say.action("CREATE TABLE players (id, name, createdAt, isInjured)")
        try createPlayersTable(db)
        say.result("table created; it has \(try countRows(db, table: "players")) rows")

        say.section("Insert with a prepared statement")
        let blobs: [(name: String, createdAt: String?, isInjured: Bool)] = [
            ("Blob", "2024-11-18 09:00:00", false),
            ("Blob Jr", nil, false),
            ("Blob Sr", "2024-11-18 09:30:00", true),
            ("Bobby'); DROP TABLE players;--", "2024-11-18 10:00:00", false),
        ]
        say.action("Prepare one INSERT, then bind, step and reset it for \(blobs.count) players")
        try insertPlayers(db, blobs)
        say.result("\(blobs.count) rows inserted; the last one got id \(sqlite3_last_insert_rowid(db))")
        say.note("Blob Jr's createdAt was bound with sqlite3_bind_null")
        say.note("the last name is an injection attempt: bound as a value, it is only text")

        say.section("Read rows with step and column")
        say.action("SELECT id, name, createdAt, isInjured FROM players")
        let players = try fetchPlayers(db)
        let table = playersTable(players)
        say.table(table.headers, table.rows)
        say.note("NULL is read by checking sqlite3_column_type first: no crash, no empty string")

        say.section("When SQLite says no")
        say.action("Count the rows of a misspelled table, \"player\"")
        do {
            _ = try countRows(db, table: "player")
            say.result("unexpected: the query worked")
        } catch {
            say.expectedError(ErrorReport("sqlite3_prepare_v2 failed", error: error))
            say.note("the SQL is compiled when prepared: a wrong name fails before anything runs")
        }
        say.action("Insert a player whose name is NULL")
        do {
            try execute(db, "INSERT INTO players (name) VALUES (NULL)")
            say.result("unexpected: the insert worked")
        } catch {
            say.expectedError(ErrorReport("sqlite3_exec failed", error: error))
            say.note("the extended code names the exact constraint: 1299 = 19 + (5 << 8), NOT NULL")
        }
        say.result("still \(try countRows(db, table: "players")) rows: a failed statement changes nothing")

        say.section("Many rows: one transaction or many")
        let batch = (1...200).map { (name: "Bulk \($0)", createdAt: String?.none, isInjured: false) }
        say.action("Insert \(batch.count) players in autocommit mode: one transaction per INSERT")
        let autocommit = try measure { try insertPlayers(db, batch) }
        say.measurement(String(format: "%.1f ms", autocommit * 1000))
        say.action("Insert \(batch.count) more between BEGIN and COMMIT: one transaction for all")
        let grouped = try measure { try inTransaction(db) { try insertPlayers(db, batch) } }
        say.measurement(String(format: "%.1f ms, %.0f× faster", grouped * 1000, autocommit / max(grouped, 1e-6)))
        say.result("\(try countRows(db, table: "players")) rows in all")
        say.note("each commit waits for the disk; inside BEGIN … COMMIT that wait happens once")

        say.section("Close")
        say.action("sqlite3_close_v2")
        let closed = sqlite3_close_v2(db)
        say.result("\(ResultCodeName.of(closed)): the connection is closed; the file stays")
        say.note("look inside: sqlite3 \(Workspace.display(path)) 'SELECT * FROM players LIMIT 5'")
    }
}

/// Seconds taken by `body`.
private func measure(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}
