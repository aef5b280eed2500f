import CourseCounters
import GRDB

// Section · Step 11's questions in one query, against the loops a learner
// writes first: a window function against a query per type, an index on a
// generated column against `json_extract` scanning every document, a
// recursive CTE against a query per level of the orbit chain. On step 11's
// table (its schema and queries, copied below), filled with generated bodies.
//
// The bench never imports a step: the SQL marked `[step11:…]` is step 11's,
// word for word, and Tests/CoreTests/BenchCopiesTests.swift fails when it is
// not (it looks for each block, spaces folded, in the file the marker names).
// The loops are the bench's own: the naive way, as GRDB runs it by default
// (`fetchAll(db, sql:)` compiles its statement at each call).

// MARK: - Step 11's SQL

// [step11:schema] Steps/step11/Schema.swift
let oneQuerySchema = """
    CREATE TABLE body (
        id             TEXT NOT NULL PRIMARY KEY,
        document       TEXT NOT NULL CHECK (json_valid(document)),
        revision       INTEGER NOT NULL DEFAULT 1,
        english_name   TEXT NOT NULL GENERATED ALWAYS AS (document ->> '$.englishName'),
        body_type      TEXT NOT NULL GENERATED ALWAYS AS (document ->> '$.bodyType'),
        mean_radius    REAL GENERATED ALWAYS AS (document ->> '$.meanRadius'),
        orbits         TEXT GENERATED ALWAYS AS (
                         coalesce(document ->> '$.aroundPlanet.planet',
                                  CASE WHEN document ->> '$.bodyType' <> 'Star' THEN 'soleil' END)),
        discovery_year INTEGER GENERATED ALWAYS AS (
                         CAST(nullif(substr(document ->> '$.discoveryDate', 7), '') AS INTEGER))
    ) STRICT;
    CREATE INDEX body_type_index ON body (body_type);
    CREATE INDEX body_orbits_index ON body (orbits);
    """
// [/step11:schema]

// [step11:rank] Steps/step11/Ranking.swift
let rankSQL = """
    SELECT english_name AS englishName, body_type AS bodyType, mean_radius AS meanRadius,
           RANK() OVER (PARTITION BY body_type ORDER BY mean_radius DESC) AS rank
    FROM body
    WHERE ?1 IS NULL OR body_type = ?1 COLLATE NOCASE
    ORDER BY body_type, rank, english_name
    """
// [/step11:rank]

// [step11:json-extract] Steps/step11/Documents.swift
let typeByJSONSQL = """
    SELECT id FROM body WHERE document ->> '$.bodyType' = ?
    """
// [/step11:json-extract]

// [step11:generated-column] Steps/step11/Documents.swift
let typeByColumnSQL = """
    SELECT id FROM body WHERE body_type = ?
    """
// [/step11:generated-column]

// [step11:orbit-chain] Steps/step11/Orbits.swift
let orbitChainSQL = """
    WITH RECURSIVE chain(id, depth, path, is_cycle) AS (
      SELECT id, 0, '/' || id || '/', 0 FROM body WHERE id = ?
      UNION ALL
      SELECT body.orbits, chain.depth + 1, chain.path || body.orbits || '/',
             instr(chain.path, '/' || body.orbits || '/') > 0
      FROM chain JOIN body ON body.id = chain.id
      WHERE body.orbits IS NOT NULL AND NOT chain.is_cycle
    )
    SELECT chain.id, body.english_name AS englishName, depth, is_cycle AS isCycle
    FROM chain LEFT JOIN body ON body.id = chain.id ORDER BY depth
    """
// [/step11:orbit-chain]

// MARK: - The loops

/// The types, then one query per type, each ranked in Swift (equal radii share a rank).
let typesSQL = "SELECT DISTINCT body_type FROM body ORDER BY body_type"
let oneTypeSQL = "SELECT english_name, body_type, mean_radius FROM body WHERE body_type = ? ORDER BY mean_radius DESC"

/// What a body orbits: one query per level of the chain, until the Sun.
let orbitsSQL = "SELECT orbits FROM body WHERE id = ?"

/// A ranked body, as both ways return it.
private struct Ranked: Equatable {
    var name: String
    var type: String
    var radius: Double?
    var rank: Int
}

/// The statements a side ran, as SQLite counts them: each statement's
/// `sqlite3_stmt_status` (runs, full-scan steps), read before GRDB finalizes it.
private final class Tally {
    var counts = StatementCounts()

    /// Compiles `sql` (what `fetchAll(db, sql:)` does at each call), hands it to `body`, adds its counts.
    func statement<T>(_ db: Database, _ sql: String, _ body: (Statement) throws -> T) throws -> T {
        let statement = try db.makeStatement(sql: sql)
        defer { counts = counts + StatementCounts(statement.sqliteStatement) }
        return try body(statement)
    }
}

private func rankWithWindow(_ db: Database, _ tally: Tally) throws -> [Ranked] {
    try tally.statement(db, rankSQL) { statement in
        try Row.fetchAll(statement, arguments: [nil as String?]).map { row in
            Ranked(name: row["englishName"], type: row["bodyType"], radius: row["meanRadius"], rank: row["rank"])
        }
    }
}

private func rankPerType(_ db: Database, _ tally: Tally) throws -> [Ranked] {
    var ranked: [Ranked] = []
    for type in try tally.statement(db, typesSQL, { try String.fetchAll($0) }) {
        let rows = try tally.statement(db, oneTypeSQL) { try Row.fetchAll($0, arguments: [type]) }
        var group: [Ranked] = []
        for (index, row) in rows.enumerated() {
            let radius: Double? = row["mean_radius"]
            let tied = index > 0 && group[index - 1].radius == radius
            group.append(
                Ranked(
                    name: row["english_name"], type: row["body_type"], radius: radius,
                    rank: tied ? group[index - 1].rank : index + 1))
        }
        ranked += group
    }
    return ranked.sorted { ($0.type, $0.rank, $0.name) < ($1.type, $1.rank, $1.name) }
}

private func chainWithCTE(_ db: Database, _ tally: Tally, of id: String) throws -> [String] {
    try tally.statement(db, orbitChainSQL) { try String.fetchAll($0, arguments: [id]) }
}

private func chainPerLevel(_ db: Database, _ tally: Tally, of id: String) throws -> [String] {
    var chain = [id]
    while let next = try tally.statement(db, orbitsSQL, { try String?.fetchOne($0, arguments: [chain.last]) }) ?? nil {
        chain.append(next)
    }
    return chain
}

// MARK: - The section

func benchmarkOneQuery(_ recorder: Recorder) throws {
    let section = "step11 · one query against a loop"
    let settings = recorder.settings
    let repetitions = settings.repetitions(5)
    for full in [1_000, 10_000, 100_000] {
        let rows = settings.count(full, quick: full / 10)
        let lookups = settings.count(20, quick: 5)
        let chains = settings.count(200, quick: 20)
        let names = [
            "ranking \(rows) bodies with RANK() OVER (PARTITION BY body_type …)",
            "\(lookups) lookups of a type in \(rows) documents, json_extract scanning",
            "\(chains) orbit chains in \(rows) bodies, one recursive CTE each",
        ]
        guard recorder.wants(section, names) else { continue }
        let queue = try DatabaseQueue(path: settings.freshPath("one-query-\(full).sqlite"))
        try queue.write { db in
            try db.execute(sql: oneQuerySchema)
            try fillBodies(db, count: rows)
        }
        let types = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(DISTINCT body_type) FROM body") }
        let notes = ["\(types ?? 0) types of body; body b\(rows - 1) is \(depth(of: rows - 1)) levels below the Sun"]

        // [docs:one-query-rank]
        let tally = Tally()
        let (window, loop) = try queue.read { db in (try rankWithWindow(db, tally), try rankPerType(db, tally)) }
        guard window == loop else { throw BenchError("the window function and the per-type loop disagree") }
        try recorder.compare(
            section, names[0], against: "one query per type, ranked in Swift",
            claim: .atMost(
                8, "at \(formatCount(rows)) bodies, one window function costs at most 8× the per-type loop"),
            repetitions: repetitions, notes: notes
        ) {
            try sideBySide(
                repetitions: repetitions,
                counter: Counter(name: "statements run") { tally.counts.runs },
                baseline: { _ = try queue.read { db in try rankPerType(db, tally) } },
                measured: { _ = try queue.read { db in try rankWithWindow(db, tally) } })
        }
        // [/docs:one-query-rank]

        try recorder.compare(
            section, names[1], against: "the same lookups through the index on the generated column body_type",
            // The scan's work grows with the documents, the search's with the bodies found (1 in 100).
            claim: .atLeast(
                rows >= 10_000 ? 10 : 5,
                "at \(formatCount(rows)) documents, an index on a generated column finds a type at least "
                    + "\(rows >= 10_000 ? 10 : 5)× faster than json_extract"),
            repetitions: repetitions,
            notes: try queue.read { db in
                [typeByJSONSQL, typeByColumnSQL].map { sql in
                    "\(sql)  →  \((try? plan(db, sql)) ?? "?")"
                }
            }
        ) {
            try sideBySide(
                repetitions: repetitions,
                counter: Counter(name: "full-scan steps") { tally.counts.fullScanSteps },
                baseline: { try lookUpType(queue, tally, typeByColumnSQL, times: lookups) },
                measured: { try lookUpType(queue, tally, typeByJSONSQL, times: lookups) })
        }

        let starts = (0..<chains).map { "b\(rows - 1 - $0)" }
        let agree = try queue.read { db in
            try starts.allSatisfy { try chainWithCTE(db, tally, of: $0) == chainPerLevel(db, tally, of: $0) }
        }
        guard agree else { throw BenchError("the recursive CTE and the query per level disagree") }
        try recorder.compare(
            section, names[2], against: "a query per level",
            claim: .atMost(
                2, "at \(formatCount(rows)) bodies, one recursive CTE costs at most 2× a query per level of the chain"
            ),
            repetitions: repetitions
        ) {
            try sideBySide(
                repetitions: repetitions,
                counter: Counter(name: "statements run") { tally.counts.runs },
                baseline: { try queue.read { db in for id in starts { _ = try chainPerLevel(db, tally, of: id) } } },
                measured: { try queue.read { db in for id in starts { _ = try chainWithCTE(db, tally, of: id) } } })
        }
    }
}

/// Runs the lookup `times` times, reading every id it finds.
private func lookUpType(_ queue: DatabaseQueue, _ tally: Tally, _ sql: String, times: Int) throws {
    try queue.read { db in
        for _ in 0..<times { _ = try tally.statement(db, sql) { try String.fetchAll($0, arguments: ["Dwarf Planet"]) } }
    }
}

private func plan(_ db: Database, _ sql: String) throws -> String {
    try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: ["Dwarf Planet"])
        .map { row -> String in row["detail"] }.joined(separator: "; ")
}

// MARK: - Generated bodies

/// `count` documents shaped like the API's (step 7's): the Sun (`soleil`),
/// then bodies b1, b2, … of six types; body i goes round body (i - 1) / 2,
/// so chains grow a level each time the table doubles (b1 and b2 go round
/// the Sun: their `aroundPlanet` is null, as the API leaves it).
private func fillBodies(_ db: Database, count: Int) throws {
    try db.execute(
        sql: """
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?)
            INSERT INTO body (id, document)
            SELECT CASE i WHEN 0 THEN 'soleil' ELSE 'b' || i END,
                   json_object(
                     'id', CASE i WHEN 0 THEN 'soleil' ELSE 'b' || i END,
                     'englishName', CASE i WHEN 0 THEN 'Sun' ELSE 'Body ' || i END,
                     'bodyType', CASE WHEN i = 0 THEN 'Star'
                                      WHEN i % 100 = 1 THEN 'Dwarf Planet'
                                      WHEN i % 100 < 5 THEN 'Comet'
                                      WHEN i % 100 < 15 THEN 'Planet'
                                      WHEN i % 100 < 50 THEN 'Asteroid'
                                      ELSE 'Moon' END,
                     'meanRadius', (i * 7919) % 5000 + 0.5,
                     'aroundPlanet', CASE WHEN i < 3 THEN NULL
                                          ELSE json_object('planet', 'b' || ((i - 1) / 2)) END,
                     'discoveryDate', printf('01/01/%d', 1600 + i % 420))
            FROM n
            """, arguments: [count])
}

/// How many levels body `i` is below the Sun.
private func depth(of i: Int) -> Int {
    var (level, index) = (0, i)
    while index > 0 {
        index = (index - 1) / 2
        level += 1
    }
    return level
}
