import CourseCore
import CourseGRDB
import Foundation
import GRDB

extension Step11 {
    /// `step11` with no subcommand: the lesson, on a fresh database file.
    static func runTour(trace: Bool) throws {
        let say = Narrator()
        say.title("Step 11 · Harder questions in one query")
        let database = try documentsInAStrictTable(say, trace: trace)
        try aGeneratedColumnAndItsIndex(say, database)
        try rankWithAWindow(say, database)
        try aTimelineWithNoGaps(say, database)
        try orbitsAllTheWayUp(say, database)
        try syncWithUpsertReturning(say, database)
        try whatStrictRefuses(say, database)
        yourTurn(say)
    }
}

// MARK: - Sections

/// A fresh file, the documents synced in; fields read from the JSON; what is not JSON is refused.
func documentsInAStrictTable(_ say: Narrator, trace: Bool) throws -> AppDatabase {
    say.section("JSON documents in a STRICT table")
    let path = try Workspace.freshDatabasePath("step11-tour.sqlite")
    say.action("Open \(Workspace.display(path)), run the migrations, sync step 7's bodies-v1.json")
    let database = try AppDatabase.open(.file(path), trace: trace, narrator: say)
    let report = try database.sync(json: try bodiesJSON("v1").json)
    say.result(report.summary)
    let himalia = try database.reader.read { db in
        try Row.fetchOne(
            db,
            sql: """
                SELECT document ->> '$.aroundPlanet.planet' AS planet, document -> '$.aroundPlanet' AS object,
                       typeof(document ->> '$.meanRadius') AS radiusType, document ->> '$.density' AS density
                FROM body WHERE id = 'himalia'
                """)
    }
    say.action("Read Himalia's document: ->> '$.aroundPlanet.planet', -> '$.aroundPlanet', ->> '$.density'")
    say.result("planet: \(himalia?["planet"] ?? "NULL"); as JSON: \(himalia?["object"] ?? "NULL")")
    say.result(
        "meanRadius comes back as \(himalia?["radiusType"] ?? "?"); density: "
            + "\(himalia?["density"] as String? ?? "NULL") (Himalia's document has no density field)")
    say.action("INSERT a body whose document is not JSON: '{\"id\": \"x\",'")
    say.note(
        "computing english_name (document ->> …) fails first; a table without such a column has its CHECK refuse it")
    do {
        try insertRaw(database, id: "x", document: #"{"id": "x","#)
        say.result("unexpected: stored")
    } catch {
        say.expectedError(ErrorReport("insert the document", error: error))
    }
    return database
}

/// Writes one row as given, outside any sync (the tour's bad documents).
func insertRaw(_ database: AppDatabase, id: String, document: String) throws {
    try database.writeForTour { db in
        try db.execute(sql: "INSERT INTO body (id, document) VALUES (?, ?)", arguments: [id, document])
    }
}

/// The same lookup three ways: SCAN by JSON, SCAN by column, SEARCH by index.
func aGeneratedColumnAndItsIndex(_ say: Narrator, _ database: AppDatabase) throws {
    say.section("A generated column, and the index that makes it a search")
    for lookup in MoonLookup.allCases {
        let plan = try database.reader.read { db in try queryPlan(db, lookup.sql, arguments: ["Moon"]) }
        let count = try database.reader.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM (\(lookup.sql))", arguments: ["Moon"]) ?? 0
        }
        say.result("\(lookup.sql)")
        say.line("     →  \(plan.joined(separator: "; "))  (\(count) moons)")
    }
    say.note("the same rows each way; only the index on body_type turns the scan of every row into a search")
    say.note("SQLite does not rewrite document ->> '$.bodyType' into body_type: a query must name the column")
}

/// RANK() OVER (PARTITION BY …) against the loop in Swift: the same rows.
func rankWithAWindow(_ say: Narrator, _ database: AppDatabase) throws {
    say.section("Rank within each type: a window function")
    let planets = try database.read { db in try rankBodies(db, type: "planet") }
    say.action("RANK() OVER (PARTITION BY body_type ORDER BY mean_radius DESC), --type planet")
    say.table(RankedBody.tableHeaders, planets.map(\.tableRow))
    let (window, swift) = try database.read { db in
        (try rankBodies(db, type: nil), try rankBodiesInSwift(db, type: nil))
    }
    say.result("every type: \(window.count) rows from the window, \(swift.count) from Swift, equal: \(window == swift)")
}

/// A generated series of periods (the empty ones kept), a running total, LAG.
func aTimelineWithNoGaps(_ say: Narrator, _ database: AppDatabase) throws {
    say.section("A timeline: a generated series, a running total, LAG")
    let (periods, gaps) = try database.read { db in
        (try discoveryTimeline(db, years: 50), try discoveryGaps(db))
    }
    say.table(TimelineRow.tableHeaders, periods.map(\.tableRow))
    let empty = periods.filter { $0.discovered == 0 }.map { "\($0.period)" }
    say.note("periods with no discovery, kept by the LEFT JOIN: \(empty.joined(separator: ", "))")
    let longest = gaps.sorted {
        ($0.yearsSincePrevious ?? 0, $1.discoveryYear) > ($1.yearsSincePrevious ?? 0, $0.discoveryYear)
    }
    for gap in longest.prefix(3) {
        say.result(
            "\(gap.englishName) (\(gap.discoveryYear)): \(gap.yearsSincePrevious ?? 0) years after the discovery before it"
        )
    }
}

/// The chain up to the Sun, the GRDB spelling, what goes round Saturn, a cycle stopped.
func orbitsAllTheWayUp(_ say: Narrator, _ database: AppDatabase) throws {
    say.section("Orbits, all the way up: a recursive CTE")
    let (chain, grdbChain, saturn) = try database.read { db in
        (
            try orbitChain(db, of: "phobos"), try orbitChainWithGRDB(db, of: "phobos"),
            try satellites(db, of: "saturne")
        )
    }
    say.result("Phobos goes round: \(try describe(chain))")
    say.result("the same with GRDB's CommonTableExpression: \(grdbChain.joined(separator: ", "))")
    say.result("what goes round Saturn: \(saturn.joined(separator: ", "))")
    say.action("In a transaction rolled back: Mars's document says it goes round Phobos")
    do {
        try database.writeForTour(rollback: true) { db in
            try db.execute(
                sql: """
                    UPDATE body SET document = json_set(document, '$.aroundPlanet', json_object('planet', 'phobos'))
                    WHERE id = 'mars'
                    """)
            _ = try describe(try orbitChain(db, of: "phobos"))
        }
        say.result("unexpected: no cycle")
    } catch {
        say.expectedError(ErrorReport("follow Phobos's orbit", error: error))
    }
}

/// v2 synced: each id reported; again: nothing written; GRDB's upsert; a bad source.
func syncWithUpsertReturning(_ say: Narrator, _ database: AppDatabase) throws {
    say.section("Sync with UPSERT … RETURNING")
    let v2 = try bodiesJSON("v2").json
    for round in ["sync bodies-v2.json", "sync bodies-v2.json again"] {
        say.action(round)
        let before = try database.changeCount()
        let report = try database.sync(json: v2)
        say.result("\(report.summary); rows written: \(try database.changeCount() - before)")
        for line in report.details { say.line("     " + line) }
    }
    say.action("GRDB's upsertAndFetch on Earth's document, unchanged")
    let (sql, earth) = try database.writeForTour { db in
        let earth = try BodyDocument.fetchOne(db, key: "terre")
        var statements: [String] = []
        db.trace(options: .statement) { statements.append($0.description) }
        defer { db.trace(options: []) }
        guard let earth else { throw CourseError.input("Earth is missing") }
        let upserted = try upsertWithGRDB(db, earth)
        return (statements, (upserted, earth))
    }
    say.result("GRDB ran: \(sql.last ?? "nothing")")
    say.result("revision \(earth.1.revision) → \(earth.0.revision): written again, though nothing changed")
    say.action("sync a source whose second body has no englishName")
    let broken =
        #"{"bodies": [{"id": "soleil", "englishName": "Sun", "bodyType": "Star"},"#
        + #" {"id": "sedna", "bodyType": "Dwarf Planet"}]}"#
    let before = try database.reader.read { db in try BodyDocument.fetchCount(db) }
    do {
        _ = try database.sync(json: broken)
        say.result("unexpected: synced")
    } catch {
        say.expectedError(ErrorReport("could not sync", error: error))
    }
    let after = try database.reader.read { db in try BodyDocument.fetchCount(db) }
    say.result("the transaction rolled back: \(before) bodies before, \(after) after")
}

/// A wrong type into the STRICT table and into step 7's ordinary one; what STRICT does not check.
func whatStrictRefuses(_ say: Narrator, _ database: AppDatabase) throws {
    say.section("What STRICT refuses, and what it does not check")
    let attempts: [(String, String, String)] = [
        (
            "step 7's solar_body (not STRICT)",
            "INSERT INTO solar_body (id, name, english_name, body_type, density) VALUES ('x', 'X', 'X', 'Moon', 'dense')",
            "SELECT typeof(density) || ' ' || quote(density) FROM solar_body WHERE id = 'x'"
        ),
        (
            "body (STRICT)", "UPDATE body SET revision = 'two' WHERE id = 'terre'",
            "SELECT typeof(revision) || ' ' || quote(revision) FROM body WHERE id = 'terre'"
        ),
        (
            "body (STRICT), a generated REAL column",
            #"INSERT INTO body (id, document) VALUES ('x', '{"englishName": "X", "bodyType": "Moon", "meanRadius": "big"}')"#,
            "SELECT typeof(mean_radius) || ' ' || quote(mean_radius) FROM body WHERE id = 'x'"
        ),
    ]
    for (table, sql, check) in attempts {
        say.action("\(table): \(sql)")
        do {
            let stored = try database.writeForTour(rollback: true) { db in
                try db.execute(sql: sql)
                return try String.fetchOne(db, sql: check) ?? "nothing"
            }
            say.result("stored, as \(stored) (then rolled back)")
        } catch {
            say.expectedError(ErrorReport("write it", error: error))
        }
    }
    say.note("STRICT checks the columns a statement writes; a generated column is computed, and not checked")
}

/// Commands to try, as a learner pastes them.
func yourTurn(_ say: Narrator) {
    say.section("Your turn")
    let commands = [
        "sync v1", "rank --type planet", "timeline --years 10", "orbit Phobos", "json --field discoveredBy --plans",
        "sync v2",
    ]
    for words in commands { say.note("make step11 ARGS=\"\(words)\"") }
    say.note("they use db/step11.sqlite; --database upgrades a step 7, 8 or 10 file in place")
}
