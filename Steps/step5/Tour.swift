import CourseCore
import CourseGRDB
import GRDB
import ItemsKit

extension Step5 {
    /// `step5` with no subcommand: the lesson, narrated, on a fresh file.
    static func runTour(trace: Bool) throws {
        let say = Narrator()
        say.title("Step 5 · The notes migration")

        say.section("A database as step 4 left it")
        let path = try Workspace.freshDatabasePath("step5-tour.sqlite") // a fresh start, every time
        say.action("Create \(Workspace.display(path)) with the migrations up to createItem only")
        // [docs:step4-file]
        try attempt("make a step-4 database") {
            let pool = try DatabasePool(path: path, configuration: CourseGRDB.configuration(trace: trace, narrator: say))
            try Schema.migrator.migrate(pool, upTo: "createItem")
            // Plain SQL: step 5's Item has a notes property, the table no column yet.
            try pool.write { db in
                try db.execute(sql: """
                    INSERT INTO item (name, quantity) VALUES ('Cherry', 5), ('banana', NULL), ('Äpfel', 2)
                    """)
            }
            let applied = try pool.read(Schema.migrator.appliedMigrations)
            let pending = Schema.migrator.migrations.filter { !applied.contains($0) }
            say.result("applied: \(applied.joined(separator: ", ")); pending: \(pending.joined(separator: ", "))")
        }
        // [/docs:step4-file]
        try showTable(path, say)

        say.section("Open it with step 5")
        say.action("AppDatabase.open: the migrator runs what is pending")
        let database = try AppDatabase<Item>.open(.file(path), migrator: Schema.migrator, trace: trace, narrator: say)
        say.result("applied now: \(database.appliedNow.joined(separator: ", "))")
        try showTable(path, say)
        say.itemList(try database.items(.unspecified), .unspecified)
        say.note("every item kept; notes filled from name, in the same transaction as the new column")
        say.action("Open the same file again")
        let again = try AppDatabase<Item>.open(.file(path), migrator: Schema.migrator, trace: trace, narrator: say)
        say.result(again.appliedNow.isEmpty ? "applied now: nothing (grdb_migrations lists both)" : "unexpected: \(again.appliedNow)")

        say.section("Notes in the editor")
        var random = SplitMix64(seed: 5)
        let edits = ["edit 1 --notes \"from the market\"", "edit 2 --notes \"\"", "add Fig 2 --notes ripe", "add Fig x --notes ripe"]
        say.commands(edits, on: database, random: &random)
        say.itemList(try database.items(.ascending), .ascending)
        say.note("empty notes are stored as NULL, like an empty quantity")

        say.section("Why eraseDatabaseOnSchemaChange is off")
        // [docs:erase]
        var step4Migrator = DatabaseMigrator()
        step4Migrator.registerMigration("createItem", migrate: ItemMigrations.createItem)
        let (step4Sees, step5Sees) = try database.writer.read { db in
            (try step4Migrator.hasSchemaChanges(db), try Schema.migrator.hasSchemaChanges(db))
        }
        // [/docs:erase]
        say.action("Ask each step's migrator: does this file differ from what my migrations make?")
        say.result("step 4's migrator: \(step4Sees) (it does not know addNotes)")
        say.result("step 5's migrator: \(step5Sees)")
        say.note("with eraseDatabaseOnSchemaChange on, a `true` means: delete the file and start over")
        say.note("handy while drafting a migration, fatal for data you mean to keep")
    }
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
