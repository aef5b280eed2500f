import CourseCore
import CourseGRDB
import GRDB
import ItemsKit

extension Step5 {
    /// `step5` with no subcommand: the lesson, narrated, on a fresh file.
    static func runTour(trace: Bool) throws {
        let say = Narrator()
        say.title("Step 5 · The notes migration")
        let path = try Workspace.freshDatabasePath("step5-tour.sqlite")  // a fresh start, every time
        try makeStep4File(say, path, trace: trace)
        let database = try upgradeWithStep5(say, path, migrator: AppDatabase.migrator, trace: trace)
        try notesInTheEditor(say, database)
        try whyEraseIsOff(say, database)
    }
}

// MARK: - Sections

/// A file with step 4's schema and three items, made with plain SQL.
func makeStep4File(_ say: Narrator, _ path: String, trace: Bool) throws {
    say.section("A database as step 4 left it")
    say.action("Create \(Workspace.display(path)) with the migrations up to createItem only")
    // [docs:step4-file]
    try attempt("make a step-4 database") {
        let pool = try DatabasePool(path: path, configuration: CourseGRDB.configuration(trace: trace, narrator: say))
        try AppDatabase.migrator.migrate(pool, upTo: "createItem")
        // Plain SQL: step 5's Item has a notes property, the table no column yet.
        try pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO item (name, quantity) VALUES ('Cherry', 5), ('banana', NULL), ('Äpfel', 2)
                    """)
        }
        let applied = try pool.read(AppDatabase.migrator.appliedMigrations)
        let pending = AppDatabase.migrator.migrations.filter { !applied.contains($0) }
        say.result("applied: \(applied.joined(separator: ", ")); pending: \(pending.joined(separator: ", "))")
    }
    // [/docs:step4-file]
    try showTable(path, say)
}

/// Opens the file with step 5, which migrates it; says what the migration did to the rows.
func upgradeWithStep5(_ say: Narrator, _ path: String, migrator: DatabaseMigrator, trace: Bool) throws -> AppDatabase {
    say.section("Open it with step 5")
    let countBefore = try itemCount(path)
    say.action("AppDatabase.open: the migrator runs what is pending")
    let database = try AppDatabase.open(.file(path), migrator: migrator, trace: trace, narrator: say)
    say.result("applied now: \(database.appliedNow.joined(separator: ", "))")
    try showTable(path, say)
    let items = try database.items(.unspecified)
    say.itemList(items, .unspecified)
    let filled = items.filter { $0.notes == $0.name }.count
    say.note(
        "\(items.count) of the \(countBefore) items kept; notes filled from name in \(filled) of them, "
            + "in the same transaction as the new column")
    say.action("Open the same file again")
    let again = try AppDatabase.open(.file(path), migrator: migrator, trace: trace, narrator: say)
    let recorded = try again.reader.read { db in try migrator.appliedMigrations(db) }  // SELECT … FROM grdb_migrations
    let appliedNow = again.appliedNow.isEmpty ? "nothing" : again.appliedNow.joined(separator: ", ")
    say.result("applied now: \(appliedNow) (grdb_migrations lists \(recorded.joined(separator: ", ")))")
    return database
}

/// The editor's rules, now with notes.
func notesInTheEditor(_ say: Narrator, _ database: AppDatabase) throws {
    say.section("Notes in the editor")
    var random = SplitMix64(start: 5)
    let edits = [
        "edit 1 --notes \"from the market\"", "edit 2 --notes \"\"", "add Fig 2 --notes ripe", "add Fig x --notes ripe",
    ]
    say.commands(edits, on: database, random: &random)
    let items = try database.items(.ascending)
    say.itemList(items, .ascending)
    let item2 = items.first { $0.id == 2 }
    say.note(
        "after empty notes, item 2's notes are \(item2?.notes.map { "\"\($0)\"" } ?? "NULL"), "
            + "as an empty quantity gives NULL")
}

/// What each step's migrator says about the file: the reason erasing is off.
func whyEraseIsOff(_ say: Narrator, _ database: AppDatabase) throws {
    say.section("Why eraseDatabaseOnSchemaChange is off")
    // [docs:erase]
    var step4Migrator = DatabaseMigrator()
    step4Migrator.registerMigration("createItem", migrate: ItemMigrations.createItem)
    let (step4Sees, step5Sees) = try database.reader.read { db in
        (try step4Migrator.hasSchemaChanges(db), try AppDatabase.migrator.hasSchemaChanges(db))
    }
    // [/docs:erase]
    say.action("Ask each step's migrator: does this file differ from what my migrations make?")
    say.result("step 4's migrator: \(step4Sees)" + (step4Sees ? " (it does not know addNotes)" : ""))
    say.result("step 5's migrator: \(step5Sees)")
    say.note("with eraseDatabaseOnSchemaChange on, a `true` means: erase the database and migrate it afresh")
    say.note("handy while drafting a migration, fatal for data you mean to keep")
}

/// How many rows table item has, read without migrating anything.
private func itemCount(_ path: String) throws -> Int {
    var configuration = Configuration()
    configuration.readonly = true
    let queue = try DatabaseQueue(path: path, configuration: configuration)
    return try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM item") ?? 0 }
}

/// The table as SQLite stores its definition.
private func showTable(_ path: String, _ say: Narrator) throws {
    var configuration = Configuration()
    configuration.readonly = true
    let queue = try DatabaseQueue(path: path, configuration: configuration)
    let sql = try queue.read { db in
        try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'item'")
    }
    say.note("schema: \(oneLine(sql ?? "(no table item)"))")
}
