import CourseCounters
import GRDB
import GRDBSQLite

// Section 5 · What each layer of GRDB costs over the C API.
//
// GRDB runs the same SQLite calls as the C side; what it adds is Swift work
// around each row: looking a statement up in a cache, turning arguments into
// `DatabaseValue`s, building a `PersistenceContainer` from a record, and on
// the way out decoding a row through a protocol or a keyed container.
// Every GRDB run and every C run works on its own file with the same pragmas
// (`appPragmas`), in one transaction.

// MARK: - Records

/// The player as the C side builds it, and as every fetch below returns it.
struct Player: Equatable {
    var id: Int64?
    var name: String
    var score: Int64
}

/// A record written by hand: GRDB calls `encode(to:)`; no Codable involved.
struct HandWrittenPlayer: PersistableRecord, FetchableRecord {
    static let databaseTableName = "player"
    var player: Player

    func encode(to container: inout PersistenceContainer) {
        container["id"] = player.id
        container["name"] = player.name
        container["score"] = player.score
    }

    /// Columns by position: as fast as GRDB reads a row.
    init(row: Row) {
        player = Player(id: row[0], name: row[1], score: row[2])
    }

    init(_ player: Player) { self.player = player }
}

/// The same record with the columns read by name: a lookup per column.
struct PlayerByName: FetchableRecord {
    var player: Player

    init(row: Row) {
        player = Player(id: row["id"], name: row["name"], score: row["score"])
    }
}

/// The same record through Codable: the compiler writes `encode(to:)` and
/// `init(from:)`, which go through keyed containers.
struct CodablePlayer: Codable, PersistableRecord, FetchableRecord {
    static let databaseTableName = "player"
    var id: Int64?
    var name: String
    var score: Int64
}

// MARK: - Inserts

func benchmarkGRDBInserts(_ recorder: Recorder) throws {
    let section = "GRDB inserts"
    let settings = recorder.settings
    let rows = settings.count(20_000, quick: 1_000)
    let repetitions = settings.repetitions(5)
    let baseline = "the C API (one prepared statement, reset per row)"

    // [docs:grdb-inserts]
    /// Each way runs `insert` once per row, inside one `queue.write` (one transaction).
    let ways: [(name: String, claim: Claim, insert: (Database, Int) throws -> Void)] = [
        (
            "GRDB cached statement", .atMost(5, "GRDB's cached statement costs at most 5× the C API"),
            { db, index in
                // Compiled once, then found again in the connection's cache by its SQL.
                let statement = try db.cachedStatement(sql: insertPlayerSQL)
                try statement.execute(arguments: [playerName(index), playerScore(index)])
            }
        ),
        (
            "GRDB execute(sql:arguments:)",
            .atMost(30, "db.execute(sql:arguments:) re-prepares: at most 30× the C API"),
            { db, index in
                // Compiles the SQL every time: the price of re-preparing, plus GRDB's own.
                try db.execute(sql: insertPlayerSQL, arguments: [playerName(index), playerScore(index)])
            }
        ),
        (
            "GRDB record insert, hand-written encode(to:)", .atMost(20, "a record insert costs at most 20× the C API"),
            { db, index in
                try HandWrittenPlayer(Player(id: nil, name: playerName(index), score: playerScore(index))).insert(db)
            }
        ),
        (
            "GRDB record insert, Codable", .atMost(20, "a Codable record insert costs at most 20× the C API"),
            { db, index in
                try CodablePlayer(id: nil, name: playerName(index), score: playerScore(index)).insert(db)
            }
        ),
    ]
    // [/docs:grdb-inserts]
    let names = ways.map { "\(rows) inserts: \($0.name)" }
    guard recorder.wants(section, names) else { return }

    // The baseline: the C API, one prepared statement reused, one transaction.
    let c = try CConnection(path: settings.freshPath("inserts-c.sqlite"))
    try c.execute(appPragmas)
    try c.execute(createPlayerTable)
    let cInsert = try c.prepare(insertPlayerSQL)
    let cInserts = {
        try c.execute("BEGIN")
        try insertPlayers(cInsert, count: rows)
        try c.execute("COMMIT")
    }
    let queue = try appQueue(settings.freshPath("inserts-grdb.sqlite"))
    try queue.write { db in try db.execute(sql: createPlayerTable) }
    let emptyBoth = {
        try c.execute("DELETE FROM player")
        try queue.write { db in try db.execute(sql: "DELETE FROM player") }
    }

    // What GRDB's statement cache saves: the runs of an INSERT still compiled after the inserts (the C
    // API's statement; GRDB's cached one, which records use too). execute(sql:) keeps none: it compiled
    // and finalized one per row.
    let keptInserts = Counter(name: "runs of a kept INSERT") {
        try keptRuns(c.handle, prefix: "INSERT")
            + queue.inDatabase { db in
                try keptRuns(db.sqliteConnection.orThrow(), prefix: "INSERT")
            }
    }
    for (way, name) in zip(ways, names) {
        try recorder.compare(section, name, against: baseline, claim: way.claim, repetitions: repetitions) {
            try sideBySide(
                repetitions: repetitions, prepare: emptyBoth, counter: keptInserts, baseline: cInserts,
                measured: {
                    try queue.write { db in
                        for index in 0..<rows { try way.insert(db, index) }
                    }
                })
        }
    }
}

/// The runs so far of `connection`'s statements still prepared (`sqlite3_next_stmt`) whose SQL starts with `prefix`.
private func keptRuns(_ connection: OpaquePointer, prefix: String) -> Int {
    var runs = 0
    var statement = sqlite3_next_stmt(connection, nil)
    while let current = statement {
        if let sql = sqlite3_sql(current), String(cString: sql).hasPrefix(prefix) {
            runs += StatementCounts(current).runs
        }
        statement = sqlite3_next_stmt(connection, current)
    }
    return runs
}

extension Optional {
    /// The value, or an error that says a connection was closed.
    func orThrow() throws -> Wrapped {
        guard let self else { throw BenchError("the connection is closed") }
        return self
    }
}

// MARK: - Fetches

func benchmarkGRDBFetches(_ recorder: Recorder) throws {
    let section = "GRDB fetches"
    let settings = recorder.settings
    let rows = settings.count(200_000, quick: 5_000)
    let repetitions = settings.repetitions(5)
    let sql = "SELECT id, name, score FROM player"
    let baseline = "the C API (step, sqlite3_column_*)"

    // [docs:grdb-fetches]
    /// Each way reads every row into an array of players, inside one `queue.read`.
    let ways: [(name: String, claim: Claim, fetch: (Database) throws -> [Player])] = [
        (
            "GRDB Row.fetchAll, then values by index", .atMost(10, "copying every Row costs at most 10× the C API"),
            { db in
                // Each Row is a copy of the statement's current values.
                try Row.fetchAll(db, sql: sql).map { row in Player(id: row[0], name: row[1], score: row[2]) }
            }
        ),
        (
            "GRDB init(row:) by column index", .atMost(4, "init(row:) reading by index costs at most 4× the C API"),
            { db in
                try HandWrittenPlayer.fetchAll(db, sql: sql).map(\.player)
            }
        ),
        (
            "GRDB init(row:) by column name", .atMost(6, "init(row:) reading by name costs at most 6× the C API"),
            { db in
                try PlayerByName.fetchAll(db, sql: sql).map(\.player)
            }
        ),
        (
            "GRDB Codable record", .atMost(15, "a Codable record costs at most 15× the C API"),
            { db in
                try CodablePlayer.fetchAll(db, sql: sql).map { Player(id: $0.id, name: $0.name, score: $0.score) }
            }
        ),
    ]
    // [/docs:grdb-fetches]
    let names = ways.map { "fetch \(rows) rows: \($0.name)" }
    guard recorder.wants(section, names) else { return }

    // One file, filled once; the C connection and GRDB's queue both read it.
    let path = try settings.freshPath("fetches.sqlite")
    let c = try CConnection(path: path)
    try c.execute(appPragmas)
    try c.execute(createPlayerTable)
    try c.execute("BEGIN")
    try insertPlayers(try c.prepare(insertPlayerSQL), count: rows)
    try c.execute("COMMIT")
    let queue = try appQueue(path)

    // The baseline: step through the rows and build each Player by hand.
    let cSelect = try c.prepare(sql)
    let cFetch = {
        var players: [Player] = []
        while try cSelect.step() {
            players.append(Player(id: cSelect.int64(0), name: cSelect.text(1), score: cSelect.int64(2)))
        }
        try cSelect.reset()
        try expect(players.count, rows, sql)
    }

    for (way, name) in zip(ways, names) {
        try recorder.compare(section, name, against: baseline, claim: way.claim, repetitions: repetitions) {
            let grdbFetch = { try expect(try queue.read(way.fetch).count, rows, sql) }
            let timing = try sideBySide(repetitions: repetitions, baseline: cFetch, measured: grdbFetch)
            // One more run of each, outside the clock, with SQLite reporting every row it hands over:
            // the same rows both ways, so the ratio is what GRDB does with them in Swift.
            let grdbConnection = try queue.inDatabase { db in try db.sqliteConnection.orThrow() }
            let counted = "rows SQLite handed over"
            return (
                Timing(samples: timing.baseline.samples, count: try rowsHanded(c.handle, cFetch), counted: counted),
                Timing(
                    samples: timing.measured.samples, count: try rowsHanded(grdbConnection, grdbFetch), counted: counted
                )
            )
        }
    }
}

/// The rows `connection`'s statements hand over while `work` runs (`SQLITE_TRACE_ROW`: SQLite
/// calls back for each one). Only around a counted run: the callback would cost time in a timed one.
private func rowsHanded(_ connection: OpaquePointer, _ work: () throws -> Void) throws -> Int {
    RowTally.count = 0
    sqlite3_trace_v2(
        connection, UInt32(SQLITE_TRACE_ROW),
        { _, _, _, _ in
            RowTally.count += 1
            return 0
        }, nil)
    defer { sqlite3_trace_v2(connection, 0, nil, nil) }
    try work()
    return RowTally.count
}

/// The count `rowsHanded` keeps: one counted run at a time, on the bench's one thread.
private enum RowTally { nonisolated(unsafe) static var count = 0 }

/// Both sides must do the whole work: a fetch that read fewer rows would win by cheating.
private func expect(_ count: Int, _ rows: Int, _ sql: String) throws {
    guard count == rows else { throw SQLiteError(code: 0, message: "read \(count) rows, expected \(rows)", sql: sql) }
}

/// GRDB's side of every comparison: a `DatabaseQueue` with the same pragmas
/// as the C side.
func appQueue(_ path: String) throws -> DatabaseQueue {
    var configuration = Configuration()
    configuration.prepareDatabase { db in try db.execute(sql: appPragmas) }
    return try DatabaseQueue(path: path, configuration: configuration)
}
