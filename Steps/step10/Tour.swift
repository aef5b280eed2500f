import CourseCore
import CourseGRDB
import Foundation
import GRDB

extension Step10 {
    /// `step10` with no subcommand: the lesson, on a fresh database file.
    static func runTour(trace: Bool) throws {
        let say = Narrator()
        say.title("Step 10 · Search that scales: SQLite's full-text search (FTS5)")
        let database = try upgradeAndIndex(say, trace: trace)
        try rankedSearch(say, database)
        try accentsAndTokens(say, database)
        try typedTextIsNeverSyntax(say, database)
        try queriesInFTS5Syntax(say, database)
        try otherTokenizersAndSpeed(say, database)
        try theIndexFollowsEveryChange(say, database)
        try aForgottenTrigger(say, trace: trace)
        try replaceDeletesWithoutTheTrigger(say, trace: trace)
        yourTurn(say)
    }
}

// MARK: - Sections

/// A fresh file gets the catalog, the bodies and the two indexes; the SQL GRDB wrote is read back.
func upgradeAndIndex(_ say: Narrator, trace: Bool) throws -> AppDatabase {
    say.section("Two indexes, kept in sync by triggers")
    let path = try Workspace.freshDatabasePath("step10-tour.sqlite")
    say.action("Open \(Workspace.display(path)) and run the migrations; sync step 7's bodies-v1.json")
    let database = try AppDatabase.open(.file(path), trace: trace, narrator: say)
    let count = try database.syncBodies(json: try bodiesJSON("v1").json)
    let (applied, triggers) = try database.reader.read { db in
        (
            try AppDatabase.migrator.appliedIdentifiers(db),  // SELECT identifier FROM grdb_migrations
            try Row.fetchAll(
                db, sql: "SELECT name, tbl_name FROM sqlite_schema WHERE type = 'trigger' ORDER BY tbl_name, name")
        )
    }
    say.result("applied: \(applied.sorted().joined(separator: ", ")); bodies: \(count.summary)")
    say.table(["trigger", "on table"], triggers.map { [$0["name"], $0["tbl_name"]] })
    let grdbUpdate = try database.reader.read { db in
        try String.fetchOne(db, sql: "SELECT sql FROM sqlite_schema WHERE name = '__body_fts_au'")
    }
    say.note("what synchronize(withTable:) wrote for updates, read back from sqlite_schema:")
    for line in (grdbUpdate ?? "").split(separator: "\n") { say.line("     " + line) }
    return database
}

/// Ranked results with snippets; the last word as a prefix.
func rankedSearch(_ say: Narrator, _ database: AppDatabase) throws {
    say.section("Ranked by bm25, with a snippet")
    for text in ["smoked", "smo", "tea"] {
        say.action("search \"\(text)\" in the products")
        say.table(SearchHit.tableHeaders, try database.search(.words(text), in: .products).map(\.tableRow))
    }
    say.note("\"smo\" is matched as \"smo\"*: the last word is a prefix, for search as you type")
    say.action("what bm25 counted for \"smo\"*: its tokens in each column, and the row's length (fts5vocab 'instance')")
    say.table(BM25Count.tableHeaders, try database.bm25Counts(prefix: "smo").map(\.tableRow))
    say.note("one phrase, as rare for every row: more matching tokens in the whole row rank higher, then fewer tokens")
    say.action("search \"gre\": every column weighs 1, then a match in the name weighs 10")
    let orders = [
        ("ORDER BY bm25(product_fts)", "bm25(product_fts)", nil),
        ("ORDER BY bm25(product_fts, 10.0, 1.0, 1.0)", "bm25(product_fts, 10.0, 1.0, 1.0)", nil),
        ("ORDER BY rank, rank MATCH 'bm25(10.0, 1.0, 1.0)'", "rank", "bm25(10.0, 1.0, 1.0)"),
    ]
    for (label, ranking, function) in orders {
        let names = try database.reader.read { db in
            try productNames(db, matching: #""gre"*"#, orderBy: ranking, rankFunction: function)
        }
        say.result("\(label): \(names.joined(separator: ", "))")
    }
}

/// What remove_diacritics 2 folds, and what it cannot: ø is a letter of its own.
func accentsAndTokens(_ say: Narrator, _ database: AppDatabase) throws {
    say.section("Accents: what the tokenizer folds, and what it cannot")
    for name in ["Élan Oat Biscuits", "Øresund Pickled Herring"] {
        let id = try database.addProduct(name: name, categoryID: 3, supplierID: 2)
        say.action("add \"\(name)\" (product #\(id))")
    }
    for text in ["elan", "ÉLAN", "creme", "oresund", "øresund"] {
        let names = try database.search(.words(text), in: .products).map(\.title)
        say.result("search \"\(text)\": \(names.isEmpty ? "nothing" : names.joined(separator: ", "))")
    }
    let tokens = try database.indexedTerms(["elan", "creme", "øresund", "oresund"])
    say.note("the index holds the terms \(tokens.joined(separator: ", ")) (read with an fts5vocab table)")
    say.note("É is E + a combining accent, which remove_diacritics 2 drops; Ø has no such decomposition: it stays ø")
    say.note("to find it with \"oresund\": a custom tokenizer that folds ø to o, or index a folded copy of the name")
    try unicodeForms(say)
}

/// The same name in NFD and in NFC: unicode61 folds neither into the other outside Latin letters.
func unicodeForms(_ say: Narrator) throws {
    let queue = try DatabaseQueue()
    try AppDatabase.migrator.migrate(queue)
    let nfc = "Φέτα Dodoni"
    let nfd = nfc.decomposedStringWithCanonicalMapping  // έ becomes ε + U+0301, a combining acute accent
    say.action(
        "In memory: INSERT \"\(nfc)\" in NFD (έ as ε + a combining accent), as a program that does not normalize")
    try queue.write { db in
        try db.execute(sql: "INSERT INTO Products (ProductID, ProductName) VALUES (50, ?)", arguments: [nfd])
    }
    let feta = { try queue.read { db in try rankedHits(db, in: .products, .words("φέτα"), limit: 10).map(\.title) } }
    say.result("search \"φέτα\" (typed in NFC): \(try feta().isEmpty ? "nothing" : "found")")
    say.note("Swift's == calls the two names equal (\(nfc == nfd)); SQLite and FTS5 see different characters")
    say.note("the NFD accent is a mark of its own, which remove_diacritics 2 drops; the NFC έ is a Greek letter, kept")
    try queue.write { db in
        try db.execute(
            sql: "UPDATE Products SET ProductName = ? WHERE ProductID = 50", arguments: [storedName(nfd)])
    }
    say.action("UPDATE it to its NFC form, as AppDatabase stores every name (storedName)")
    say.result("search \"φέτα\": \(try feta().joined(separator: ", ")); typed in NFD, safePattern puts it in NFC too")
}

/// Characters that mean something to FTS5, typed into the search box.
func typedTextIsNeverSyntax(_ say: Narrator, _ database: AppDatabase) throws {
    say.section("What a learner types is never FTS5 syntax")
    for text in ["\"kestrel", "NEAR( smoked", "tea OR", "-honey", "category: cheese", "(fig", "o'clock tea."] {
        let pattern = safePattern(text) ?? "nothing"
        let names = try database.search(.words(text), in: .products).map(\.title)
        say.result("\(text)  →  \(pattern)  →  \(names.isEmpty ? "nothing" : names.joined(separator: ", "))")
    }
    for raw in ["\"kestrel", "NEAR( smoked", "tea OR", "o'clock"] {
        say.action("the same text as --query '\(raw)', FTS5 syntax")
        do {
            _ = try database.search(.raw(raw), in: .products)
            say.result("unexpected: no error")
        } catch {
            say.expectedError(ErrorReport("search the products for --query '\(raw)'", error: error))
        }
    }
}

/// Phrases, NEAR, column filters and boolean operators, with --query.
func queriesInFTS5Syntax(_ say: Narrator, _ database: AppDatabase) throws {
    say.section("Phrases, NEAR and column filters (--query)")
    let products = ["\"smoked trout\"", "NEAR(smoked salmon, 1)", "category: cheeses", "supplier: kestrel NOT goat"]
    for query in products {
        let names = try database.search(.raw(query), in: .products).map(\.title)
        say.result("products --query '\(query)': \(names.isEmpty ? "nothing" : names.joined(separator: ", "))")
    }
    for query in ["\"william herschel\"", "NEAR(william bond, 2)", "name: lune OR name: terre"] {
        let names = try database.search(.raw(query), in: .bodies).map(\.title)
        say.result("bodies --query '\(query)': \(names.isEmpty ? "nothing" : names.joined(separator: ", "))")
    }
}

/// The same names under other tokenizers, with a prefix index, and optimized.
func otherTokenizersAndSpeed(_ say: Narrator, _ database: AppDatabase) throws {
    say.section("Other tokenizers, a prefix index, optimize")
    let names = try database.reader.read { db in
        try String.fetchAll(db, sql: "SELECT product FROM product_search ORDER BY ProductID")
    }
    say.action("In memory: the \(names.count) product names in three more FTS5 tables, one insert per transaction")
    let plain = try NameIndex(tokenize: searchTokenizer, names: names)
    let trigram = try NameIndex(tokenize: "trigram", names: names)
    let porter = try NameIndex(tokenize: "porter \(searchTokenizer)", names: names)
    func found(_ index: NameIndex, _ pattern: String) throws -> String {
        let names = try index.names(matching: pattern)
        return names.isEmpty ? "nothing" : names.joined(separator: ", ")
    }
    say.result("\(searchTokenizer), MATCH 'moke': \(try found(plain, "moke"))")
    say.result("trigram, MATCH 'moke': \(try found(trigram, "moke"))")
    say.result("\(searchTokenizer), MATCH 'smoking': \(try found(plain, "smoking"))")
    say.result("porter \(searchTokenizer), MATCH 'smoking': \(try found(porter, "smoking"))")
    let prefixed = try NameIndex(tokenize: searchTokenizer, prefix: "2 3", names: names)
    let (without, with) = (try plain.storage(), try prefixed.storage())
    say.action("the same table with prefix = '2 3'")
    say.result(
        "MATCH 'smo*' finds the same names (\(try plain.names(matching: "smo*") == prefixed.names(matching: "smo*"))); "
            + "name_data: \(without.bytes) bytes without, \(with.bytes) with the prefix index")
    say.action("INSERT INTO name(name) VALUES('optimize')")
    try plain.optimize()
    let optimized = try plain.storage()
    say.result(
        "name_data: \(without.segments) segments (\(without.bytes) bytes) before, \(optimized.segments) "
            + "(\(optimized.bytes) bytes) after; MATCH 'smoked' finds the same: \(try found(plain, "smoked"))")
}

/// After each kind of change, the index is checked against its table.
func theIndexFollowsEveryChange(_ say: Narrator, _ database: AppDatabase) throws {
    say.section("The index follows every change")
    let changes: [(String, () throws -> Void)] = [
        ("rename product #27 to Smoked Eel", { try database.renameProduct(id: 27, to: "Smoked Eel") }),
        ("delete product #20 (Smoked Goat Log)", { try database.deleteProduct(id: 20) }),
        ("rename category #6 Smokehouse to Curing Room", { try database.renameCategory(id: 6, to: "Curing Room") }),
        ("sync bodies-v2.json", { _ = try database.syncBodies(json: try bodiesJSON("v2").json) }),
    ]
    for (label, change) in changes {
        say.action(label)
        try change()
        try database.checkIndexes()
        let found = try database.search(.words("smoked"), in: .products).map(\.title)
        say.result("integrity-check passed; \"smoked\": \(found.joined(separator: ", "))")
    }
    try aSyncThatFailsHalfWay(say, database)
}

/// A sync whose INSERT fails after its DELETE ran: the rollback restores the table and the index.
func aSyncThatFailsHalfWay(_ say: Narrator, _ database: AppDatabase) throws {
    say.action("sync a source whose second body has no englishName")
    let broken =
        #"{"bodies": [{"id": "soleil", "name": "Le Soleil", "englishName": "Sun", "bodyType": "Star"},"#
        + #" {"id": "sedna", "name": "Sedna", "bodyType": "Dwarf Planet"}]}"#
    let before = (try database.count("solar_body"), try database.search(.words("saturn"), in: .bodies).count)
    let unlisted = try database.reader.read { db in
        // The rows the sync's DELETE removes first: those whose id the source does not list.
        try Int.fetchOne(
            db,
            sql: """
                SELECT count(*) FROM solar_body
                WHERE id NOT IN (SELECT json_extract(value, '$.id') FROM json_each(?, '$.bodies'))
                """, arguments: [broken]) ?? 0
    }
    do {
        _ = try database.syncBodies(json: broken)
        say.result("unexpected: synced")
    } catch {
        say.expectedError(ErrorReport("could not sync", error: error))
    }
    try database.checkIndexes()
    let after = (try database.count("solar_body"), try database.search(.words("saturn"), in: .bodies).count)
    say.result(
        "the DELETE ran first (\(unlisted) bodies are not in the source), then the INSERT failed; the rollback "
            + "undid both, in the table and the index: bodies \(before.0) → \(after.0), \"saturn\" found "
            + "\(before.1) → \(after.1), integrity-check passed")
}

/// The same index with its update trigger dropped: the check catches the drift; 'rebuild' repairs it.
func aForgottenTrigger(_ say: Narrator, trace: Bool) throws {
    say.section("A forgotten trigger, caught")
    let queue = try DatabaseQueue(configuration: CourseGRDB.configuration(trace: trace, narrator: say))
    try AppDatabase.migrator.migrate(queue)
    say.action("In memory: DROP TRIGGER product_fts_update, then rename product #1 to Keswick Breakfast Tea")
    try queue.write { db in
        try db.execute(sql: "DROP TRIGGER product_fts_update")
        try db.execute(sql: "UPDATE Products SET ProductName = 'Keswick Breakfast Tea' WHERE ProductID = 1")
    }
    let keswick = { try queue.read { db in try rankedHits(db, in: .products, .words("keswick"), limit: 10) } }
    say.result("search \"keswick\": \(try keswick().count) found; the index still holds the old name")
    do {
        try queue.write { db in try checkIndex(db, .products) }
        say.result("unexpected: the check passed")
    } catch {
        say.expectedError(ErrorReport("integrity-check, rank 1", error: error))
    }
    try queue.write { db in
        try db.execute(sql: "INSERT INTO product_fts(product_fts) VALUES('rebuild')")  // re-reads the whole view
        try checkIndex(db, .products)
    }
    say.result(
        "after INSERT INTO product_fts(product_fts) VALUES('rebuild'): integrity-check passed; "
            + "\"keswick\" finds \(try keswick().map(\.title).joined(separator: ", "))")
    say.note("'rebuild' repairs the index, not the program: the missing trigger would let it drift again")
}

/// INSERT OR REPLACE against the upsert, on GRDB's synchronized index; a dropped index's triggers.
func replaceDeletesWithoutTheTrigger(_ say: Narrator, trace: Bool) throws {
    say.section("REPLACE deletes without the delete trigger; the upsert updates")
    let queue = try DatabaseQueue(configuration: CourseGRDB.configuration(trace: trace, narrator: say))
    try AppDatabase.migrator.migrate(queue)
    try queue.write { db in _ = try syncBodies(db, json: try bodiesJSON("v1").json) }
    let rowid = {
        try queue.read { db in try Int64.fetchOne(db, sql: "SELECT rowid FROM solar_body WHERE id = 'lune'") }
    }
    func state(_ words: [String]) throws -> String {
        let found = try queue.read { db in try words.map { "\"\($0)\" at \(try bodyRowids(db, matching: $0))" } }
        return "lune is rowid \(try rowid().map(String.init) ?? "none"); the index: " + found.joined(separator: ", ")
    }
    func check(_ label: String) {
        do {
            try queue.write { db in try checkIndex(db, .bodies) }
            say.result("\(label): integrity-check passed")
        } catch {
            say.expectedError(ErrorReport("integrity-check, rank 1", error: error))
        }
    }
    say.action("In memory, step 7's bodies; INSERT OR REPLACE the Moon as Luna: insert(db, onConflict: .replace)")
    let before = try rowid().map(String.init) ?? "none"
    try queue.write { db in
        try replaceBody(db, BodyRow(id: "lune", name: "La Lune", englishName: "Luna", bodyType: "Moon"))
    }
    say.result("lune was rowid \(before): REPLACE deleted that row and inserted a new one")
    say.result(try state(["moon", "luna"]) + ": \"moon\" is still at the deleted rowid")
    check("after the REPLACE")
    say.action("'rebuild', PRAGMA recursive_triggers = ON, then the same REPLACE as Selene")
    try queue.writeWithoutTransaction { db in
        try db.execute(sql: "INSERT INTO body_fts(body_fts) VALUES('rebuild')")
        try db.execute(sql: "PRAGMA recursive_triggers = ON")
        try db.inTransaction {
            try replaceBody(db, BodyRow(id: "lune", name: "La Lune", englishName: "Selene", bodyType: "Moon"))
            return .commit
        }
        try db.execute(sql: "PRAGMA recursive_triggers = OFF")
    }
    say.result(try state(["luna", "selene"]))
    check("the REPLACE's delete fired __body_fts_ad")
    say.action("upsert the Moon back: upsert(db), INSERT … ON CONFLICT DO UPDATE")
    try queue.write { db in
        try upsertBody(db, BodyRow(id: "lune", name: "La Lune", englishName: "Moon", bodyType: "Moon"))
    }
    say.result(try state(["selene", "moon"]))
    check("an UPDATE: the row kept its rowid, __body_fts_au moved the entry")
    say.action("DROP TABLE body_fts, then insert a body")
    try queue.write { db in try db.drop(table: "body_fts") }
    let left = try queue.read { db in
        try String.fetchAll(
            db, sql: "SELECT name FROM sqlite_schema WHERE tbl_name = 'solar_body' AND type = 'trigger' ORDER BY name")
    }
    say.result("the triggers on solar_body: \(left.joined(separator: ", "))")
    let sedna = BodyRow(id: "sedna", name: "Sedna", englishName: "Sedna", bodyType: "Dwarf Planet")
    do {
        try queue.write { db in try sedna.insert(db) }
        say.result("unexpected: inserted")
    } catch {
        say.expectedError(ErrorReport("insert Sedna", error: error))
    }
    try queue.write { db in
        try db.dropFTS5SynchronizationTriggers(forTable: "body_fts")
        try sedna.insert(db)
    }
    say.result("after dropFTS5SynchronizationTriggers(forTable: \"body_fts\"): Sedna inserted")
}

/// Commands to try, as a learner pastes them.
func yourTurn(_ say: Narrator) {
    say.section("Your turn")
    for words in ["sync", "search smoked tro", "search --query 'NEAR(smoked salmon, 1)'", "check", "diagram"] {
        say.note("make step10 ARGS=\"\(words)\"")
    }
    say.note("they use db/step10.sqlite; --database upgrades a step 6, 7 or 8 file in place")
}
