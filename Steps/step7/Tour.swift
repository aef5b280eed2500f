import CourseCore
import CourseGRDB
import Foundation
import GRDB

extension Step7 {
    /// `step7` with no subcommand: the lesson, narrated, on a fresh database file.
    /// The sources are the bundled fixtures, so the tour needs no network.
    static func runTour(trace: Bool) throws {
        let say = Narrator()
        say.title("Step 7 · Solar bodies, offline first")
        let v1 = try Fixture("v1")
        let v2 = try Fixture("v2")
        let cache = try schemaFromSQLFile(say, trace: trace)
        let bodies = try syncFirstFixture(say, cache, v1)
        try offlineSearch(say, cache)
        try whyLikeIsNotEnough(say, cache)
        try syncSecondFixture(say, cache, v2)
        try badSourceChangesNothing(say, cache, v2)
        try failureInsideTransaction(say, cache, v1, bodies) { bodies, checkpoint in
            try cache.sync(with: bodies, checkpoint: checkpoint)
        }
        if let sample = bodies.first {
            try narrateTypo(say, trace: trace, json: String(decoding: v1.data, as: UTF8.self), sample: sample)
        }
        yourTurn(say)
    }
}

// MARK: - Sections

/// Opens a fresh cache file; the migration runs the bundled SQL file.
func schemaFromSQLFile(_ say: Narrator, trace: Bool) throws -> AppDatabase {
    say.section("A schema from a SQL file")
    let path = try Workspace.freshDatabasePath("step7-tour.sqlite")  // a fresh start, every time
    say.action("Open \(Workspace.display(path)) and run the migrations")
    let cache = try AppDatabase.open(.file(path), trace: trace, narrator: say)
    let (applied, columns) = try cache.reader.read { db in
        (
            try AppDatabase.migrator.appliedIdentifiers(db),  // SELECT identifier FROM grdb_migrations
            try db.columns(in: "solar_body").map(\.name)  // PRAGMA table_xinfo("solar_body")
        )
    }
    say.result("applied: \(applied.sorted().joined(separator: ", "))")
    say.note("solar_body has the columns \(columns.joined(separator: ", "))")
    return cache
}

/// Decodes v1 (what "unknown" becomes) and syncs it into the empty cache.
func syncFirstFixture(_ say: Narrator, _ cache: AppDatabase, _ v1: Fixture) throws -> [SolarBody] {
    say.section("Sync from the bundled v1 fixture")
    say.action("Decode \(v1.source.display)")
    let bodies = try decodeBodies(v1.data, from: v1.source.display)
    say.result("\(bodies.count) bodies")
    if let makemake = bodies.first(where: { $0.id == "makemake" }) {
        say.result(
            "Makemake: density \(makemake.density.map { "\($0)" } ?? "nil"), "
                + "discoveredBy \(makemake.discoveredBy ?? "nil")")
        say.note("the fixture \(rawFields(v1.data, id: "makemake")): nil is stored as NULL")
    }
    try narrateSync(say, cache, bodies, from: v1.source.display)
    return bodies
}

/// list, search, show: the cache alone, no network.
func offlineSearch(_ say: Narrator, _ cache: AppDatabase) throws {
    say.section("Offline: these read only the cache")
    for text in ["titan", "ON", "%"] {
        say.action("Search the English names for \"\(text)\"")
        let found = try cache.search(text)
        say.table(["id", "englishName", "bodyType"], found.map { [$0.id, $0.englishName, $0.bodyType] })
    }
    say.action("Show the body with id \"terre\"")
    for line in try cache.body(id: "terre")?.detailLines ?? [] { say.line("   " + line) }
}

/// LIKE against the course's search, on the cache's own names, each count read from SQLite.
/// `search` is the app's; a test passes a LIKE-only one and watches the words change.
func whyLikeIsNotEnough(
    _ say: Narrator, _ cache: AppDatabase,
    search: (Database, String, Column) throws -> [SolarBody] = { try SolarBody.search($0, text: $1, in: $2) }
) throws {
    say.section("Why LIKE alone is not enough")
    let probes: [(text: String, column: Column, label: String)] = [
        ("%", SolarBody.Columns.englishName, "english_name"), ("_", SolarBody.Columns.englishName, "english_name"),
        ("éris", SolarBody.Columns.name, "name"), ("ÉRIS", SolarBody.Columns.name, "name"),
    ]
    for probe in probes {
        say.action("\(probe.label) LIKE '%' || '\(probe.text)' || '%', then our search for \"\(probe.text)\"")
        let (like, ours) = try cache.reader.read { db in
            (
                try String.fetchAll(
                    db, sql: "SELECT \(probe.label) FROM solar_body WHERE \(probe.label) LIKE '%' || ? || '%'",
                    arguments: [probe.text]),
                try search(db, probe.text, probe.column).map { probe.label == "name" ? $0.name : $0.englishName }
            )
        }
        say.result("LIKE: \(summary(like)); ours: \(summary(ours))")
    }
    let folded = try cache.reader.read { db in
        try Row.fetchOne(db, sql: "SELECT 'Eris' LIKE 'eris', 'Éris' LIKE 'éris', lower('ÉRIS')")
    }
    say.note(
        "LIKE folds A–Z only: 'Eris' LIKE 'eris' is \(folded?[0] as Int? ?? -1), "
            + "'Éris' LIKE 'éris' is \(folded?[1] as Int? ?? -1), lower('ÉRIS') is '\(folded?[2] as String? ?? "")'")
    say.note("% and _ are LIKE's wildcards; our search lowercases with Swift and finds plain text with instr()")
}

/// What the source's JSON itself says about a body's density and discoverer,
/// read with JSONSerialization rather than with the record's decoder.
private func rawFields(_ data: Data, id: String) -> String {
    let top = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    let body = (top?["bodies"] as? [[String: Any]])?.first { $0["id"] as? String == id } ?? [:]
    let density = body["density"].map { "sends density \($0)" } ?? "leaves density out"
    let discoverer = body["discoveredBy"].map { "sends discoveredBy \"\($0)\"" } ?? "leaves discoveredBy out"
    return "\(density) and \(discoverer)"
}

/// How many names a search found, and the first few.
private func summary(_ names: [String]) -> String {
    let shown = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", …" : "")
    return "\(names.count) \(names.count == 1 ? "name" : "names")" + (names.isEmpty ? "" : " (\(shown))")
}

/// v2 changes, adds and removes bodies; a second sync finds nothing to do.
func syncSecondFixture(_ say: Narrator, _ cache: AppDatabase, _ v2: Fixture) throws {
    say.section("Sync from v2: bodies changed, added, removed")
    say.action("Decode \(v2.source.display)")
    let newBodies = try decodeBodies(v2.data, from: v2.source.display)
    say.result("\(newBodies.count) bodies")
    try narrateSync(say, cache, newBodies, from: v2.source.display)
    try narrateSync(say, cache, newBodies, from: v2.source.display + " again")
    say.note("\"updated\" counts the rows whose values differ: the others are not written at all")
}

/// Bad JSON never reaches the transaction.
func badSourceChangesNothing(_ say: Narrator, _ cache: AppDatabase, _ v2: Fixture) throws {
    say.section("A bad source changes nothing")
    let before = try cache.bodies()
    let cutShort = Data(v2.data.prefix(300))
    let noName = Data(#"{"bodies": [{"id": "sedna", "name": "Sedna", "bodyType": "Dwarf Planet"}]}"#.utf8)
    for (what, data) in [("the first 300 bytes of v2", cutShort), ("a body without englishName", noName)] {
        say.action("Sync \(what)")
        syncMustFail(say, what) { try cache.sync(with: try decodeBodies(data, from: what)) }
    }
    try sayWhetherUnchanged(say, cache, before)
    say.note("the JSON is decoded and checked in full before the transaction begins")
}

/// An error thrown half-way through a sync. `sync` is the app's; a test
/// passes one without a transaction and watches the words change.
func failureInsideTransaction(
    _ say: Narrator, _ cache: AppDatabase, _ v1: Fixture, _ bodies: [SolarBody],
    sync: ([SolarBody], (SyncStage, SyncPlan) throws -> Void) throws -> SyncPlan
) throws {
    say.section("A failure inside the transaction")
    let before = try cache.bodies()
    say.action("Sync v1 again, with an error injected after the deletions and updates")
    syncMustFail(say, v1.source.display) {
        _ = try sync(bodies) { stage, plan in
            if stage == .updated { throw InjectedFault(plan: plan) }
        }
    }
    let unchanged = try sayWhetherUnchanged(say, cache, before)
    say.note(
        unchanged
            ? "the error left `write`'s closure, so GRDB ran ROLLBACK: nothing applied, not even part"
            : "what ran before the error stayed: without one transaction, a failed sync leaves half a cache")
}

/// Commands to try, as a learner pastes them.
func yourTurn(_ say: Narrator) {
    say.section("Your turn")
    for words in ["sync", "list", "search an", "show titan", "sync v2"] {
        say.note("make step7 ARGS=\"\(words)\"")
    }
    say.note("they use db/step7.sqlite; list, search and show never touch the network")
}

/// Syncs `bodies` into the cache and says what changed, with SQLite's own
/// count of changed rows as a witness.
private func narrateSync(_ say: Narrator, _ cache: AppDatabase, _ bodies: [SolarBody], from source: String) throws {
    say.action("Sync the cache with \(source), in one transaction")
    // sqlite3_total_changes(): the rows this connection has inserted, updated or deleted so far.
    let changesBefore = try cache.changeCount()
    let plan = try cache.sync(with: bodies)
    let changesAfter = try cache.changeCount()
    say.result(plan.summary)
    if !plan.deletions.isEmpty { say.note("deleted: \(plan.deletions.sorted().joined(separator: ", "))") }
    for update in plan.updates {
        // Column names → old values, and → new values.
        let old = try update.new.databaseChanges(from: update.old)
        let new = try update.old.databaseChanges(from: update.new)
        let changes = old.keys.sorted().map { "\($0) \(old[$0]?.description ?? "?") → \(new[$0]?.description ?? "?")" }
        say.note("updated \(update.new.id): \(changes.joined(separator: ", "))")
    }
    if !plan.insertions.isEmpty, plan.insertions.count < 10 {
        say.note("inserted: \(plan.insertions.map(\.id).sorted().joined(separator: ", "))")
    }
    say.note("SQLite changed \(changesAfter - changesBefore) rows")
}

/// Runs a sync that should fail, and shows its error.
private func syncMustFail(_ say: Narrator, _ what: String, _ body: () throws -> Void) {
    do {
        try body()
        say.result("unexpected: the sync worked")
    } catch {
        say.expectedError(ErrorReport("could not sync \(what)", error: error))
    }
}

/// Compares the cache with the bodies it held `before`.
@discardableResult
private func sayWhetherUnchanged(_ say: Narrator, _ cache: AppDatabase, _ before: [SolarBody]) throws -> Bool {
    let now = try cache.bodies()
    say.result("the cache holds the same \(now.count) bodies as before: \(now == before)")
    return now == before
}

/// The Lighter example's misspelled column, on scratch in-memory databases.
private func narrateTypo(_ say: Narrator, trace: Bool, json: String, sample: SolarBody) throws {
    say.section("The Lighter example's typo: densitity")
    let configuration = CourseGRDB.configuration(trace: trace, narrator: say)
    say.action("In memory, the example's table (density spelled densitity); load v1 by column names")
    let lighter = try DatabaseQueue(configuration: configuration)
    let lighterNulls = try lighter.write { db in
        try db.execute(sql: try lighterSchema())
        try loadByColumnNames(db, json: json)
        // SELECT COUNT(*) …
        return (rows: try Table("solar_body").fetchCount(db), nulls: try nullCount(db, "densitity"))
    }
    say.result("\(lighterNulls.rows) rows, no error; densitity is NULL in \(lighterNulls.nulls) of them")
    say.note("the JSON field is density: nobody ever asks for densitity, so nothing fills it")

    say.action("The same load into step 7's table (density)")
    let ours = try DatabaseQueue(configuration: configuration)
    try AppDatabase.migrator.migrate(ours)
    let oursNulls = try ours.write { db in
        try loadByColumnNames(db, json: json)
        return (rows: try Table("solar_body").fetchCount(db), nulls: try nullCount(db, "density"))  // SELECT COUNT(*) …
    }
    say.result(
        "\(oursNulls.rows) rows; density is NULL in \(oursNulls.nulls) of them, the bodies the fixture gives no density"
    )

    say.action("Insert step 7's record, SolarBody, into the example's table")
    do {
        try lighter.write { db in try sample.insert(db) }  // INSERT INTO "solar_body" (…, "density", …) VALUES (…)
        say.result("unexpected: the insert worked")
    } catch {
        say.expectedError(ErrorReport("could not insert \(sample.id) into the example's table", error: error))
        say.note("a record written by hand names its columns: the mismatch fails at once, and loudly")
    }
}
