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
        let v1 = try Source.fixture("v1"), v2 = try Source.fixture("v2")
        let v1Data = try attempt("read \(v1.display)") { try Data(contentsOf: v1.url) }
        let v2Data = try attempt("read \(v2.display)") { try Data(contentsOf: v2.url) }

        say.section("A schema from a SQL file")
        let path = try Workspace.freshDatabasePath("step7-tour.sqlite") // a fresh start, every time
        say.action("Open \(Workspace.display(path)) and run the migrations")
        let cache = try openCache(.file(path), trace: trace, narrator: say)
        let applied = try cache.read { db in try cacheMigrator().appliedIdentifiers(db) } // SELECT identifier FROM grdb_migrations
        let columns = try cache.read { db in try db.columns(in: "solar_body").map(\.name) } // PRAGMA table_xinfo("solar_body")
        say.result("applied: \(applied.sorted().joined(separator: ", "))")
        say.note("solar_body has the columns \(columns.joined(separator: ", "))")

        say.section("Sync from the bundled v1 fixture")
        say.action("Decode \(v1.display)")
        let bodies = try decodeBodies(v1Data, from: v1.display)
        say.result("\(bodies.count) bodies")
        if let makemake = bodies.first(where: { $0.id == "makemake" }) {
            say.result("Makemake: density \(makemake.density.map { "\($0)" } ?? "nil"), discoveredBy \(makemake.discoveredBy ?? "nil")")
            say.note("the fixture leaves Makemake's density out and sends discoveredBy \"\": both become nil (NULL)")
        }
        try narrateSync(say, cache, bodies, from: v1.display)

        say.section("Offline: these read only the cache")
        for text in ["titan", "ON", "%"] {
            say.action("Search the English names for \"\(text)\"")
            let found = try cache.read { db in try SolarBody.search(db, text: text) }
            say.table(["id", "englishName", "bodyType"], found.map { [$0.id, $0.englishName, $0.bodyType] })
        }
        say.note("case is ignored; \"%\" is escaped, so it matches a percent sign, and no name has one")
        say.action("Show the body with id \"terre\"")
        let earth = try cache.read { db in try SolarBody.fetchOne(db, key: "terre") } // SELECT * FROM solar_body WHERE id = 'terre'
        earth?.detailLines.forEach { say.line("   " + $0) }

        say.section("Sync from v2: bodies changed, added, removed")
        say.action("Decode \(v2.display)")
        let newBodies = try decodeBodies(v2Data, from: v2.display)
        say.result("\(newBodies.count) bodies")
        try narrateSync(say, cache, newBodies, from: v2.display)
        try narrateSync(say, cache, newBodies, from: v2.display + " again")
        say.note("\"updated\" counts the rows whose values differ: the others are not written at all")

        say.section("A bad source changes nothing")
        let before = try cache.read { db in try SolarBody.all(db) }
        let cutShort = Data(v2Data.prefix(300))
        let noName = Data(#"{"bodies": [{"id": "sedna", "name": "Sedna", "bodyType": "Dwarf Planet"}]}"#.utf8)
        for (what, data) in [("the first 300 bytes of v2", cutShort), ("a body without englishName", noName)] {
            say.action("Sync \(what)")
            syncMustFail(say, what) { try sync(cache, with: try decodeBodies(data, from: what)) }
        }
        try sayWhetherUnchanged(say, cache, before)
        say.note("the JSON is decoded and checked in full before the transaction begins")

        say.section("A failure inside the transaction")
        say.action("Sync v1 again, with an error injected after the deletions and updates")
        syncMustFail(say, v1.display) {
            try sync(cache, with: bodies) { stage, plan in
                if stage == .updated { throw InjectedFault(plan: plan) }
            }
        }
        try sayWhetherUnchanged(say, cache, before)
        say.note("the error left `write`'s closure, so GRDB ran ROLLBACK: nothing applied, not even part")

        try narrateTypo(say, trace: trace, json: String(decoding: v1Data, as: UTF8.self), sample: bodies[0])

        say.section("Your turn")
        say.note("make step7 ARGS=sync, then ARGS=list, ARGS=\"search an\", ARGS=\"show titan\", ARGS=\"sync v2\"")
        say.note("they use db/step7.sqlite; list, search and show never touch the network")
    }
}

/// Syncs `bodies` into the cache and says what changed, with SQLite's own
/// count of changed rows as a witness.
private func narrateSync(_ say: Narrator, _ cache: DatabaseQueue, _ bodies: [SolarBody], from source: String) throws {
    say.action("Sync the cache with \(source), in one transaction")
    // sqlite3_total_changes(): the rows this connection has inserted, updated or deleted so far.
    let changesBefore = try cache.read { db in db.totalChangesCount }
    let plan = try sync(cache, with: bodies)
    let changesAfter = try cache.read { db in db.totalChangesCount }
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
private func sayWhetherUnchanged(_ say: Narrator, _ cache: DatabaseQueue, _ before: [SolarBody]) throws {
    let now = try cache.read { db in try SolarBody.all(db) }
    say.result("the cache holds the same \(now.count) bodies as before: \(now == before)")
}

/// The error the tour throws in the middle of a sync's transaction.
private struct InjectedFault: Error, CustomStringConvertible {
    var plan: SyncPlan
    var description: String {
        "injected fault, after \(plan.deletions.count) deletions and \(plan.updates.count) updates"
    }
}

/// The seed's misspelled column, on scratch in-memory databases.
private func narrateTypo(_ say: Narrator, trace: Bool, json: String, sample: SolarBody) throws {
    say.section("The seed's typo: densitity")
    let configuration = CourseGRDB.configuration(trace: trace, narrator: say)
    say.action("In memory, the seed's table (density spelled densitity); load v1 by column names")
    let seed = try DatabaseQueue(configuration: configuration)
    let seedNulls = try seed.write { db in
        try db.execute(sql: try seedSchema())
        try loadByColumnNames(db, json: json)
        return (rows: try Table("solar_body").fetchCount(db), nulls: try nullCount(db, "densitity")) // SELECT COUNT(*) …
    }
    say.result("\(seedNulls.rows) rows, no error; densitity is NULL in \(seedNulls.nulls) of them")
    say.note("the JSON field is density: nobody ever asks for densitity, so nothing fills it")

    say.action("The same load into step 7's table (density)")
    let ours = try DatabaseQueue(configuration: configuration)
    try cacheMigrator().migrate(ours)
    let oursNulls = try ours.write { db in
        try loadByColumnNames(db, json: json)
        return (rows: try Table("solar_body").fetchCount(db), nulls: try nullCount(db, "density")) // SELECT COUNT(*) …
    }
    say.result("\(oursNulls.rows) rows; density is NULL in \(oursNulls.nulls) of them, the bodies the fixture gives no density")

    say.action("Insert step 7's record, SolarBody, into the seed's table")
    do {
        try seed.write { db in try sample.insert(db) } // INSERT INTO "solar_body" (…, "density", …) VALUES (…)
        say.result("unexpected: the insert worked")
    } catch {
        say.expectedError(ErrorReport("could not insert \(sample.id) into the seed's table", error: error))
        say.note("a record written by hand names its columns: the mismatch fails at once, and loudly")
    }
}
