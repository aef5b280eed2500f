import CourseTestSupport
import Foundation
import GRDB
import Testing

/// What GRDB's `DatabaseMigrator` does, made to happen on real databases: the chapters' sentences about
/// migrations (docs/evidence, chapters 2 to 7) rest on these tests, not on a reading of GRDB's source.
@Suite struct GRDBMigratorTests {
    /// A migrator whose one migration, "v1", creates `item` if needed and inserts `name`.
    static func migrator(v1 name: String) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS item (name TEXT)")
            try db.execute(sql: "INSERT INTO item (name) VALUES (?)", arguments: [name])
        }
        return migrator
    }

    static func names(_ reader: some DatabaseReader) throws -> [String] {
        try reader.read { db in try String.fetchAll(db, sql: "SELECT name FROM item ORDER BY rowid") }
    }

    /// The migrator checks names only: "v1" edited after it ran is not run again.
    @Test func anAppliedMigrationIsSkippedByItsNameWhateverItsCodeNowSays() throws {
        let queue = try DatabaseQueue()
        try Self.migrator(v1: "first").migrate(queue)
        try Self.migrator(v1: "edited").migrate(queue)
        #expect(try Self.names(queue) == ["first"])
        #expect(
            try queue.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") } == ["v1"])
    }

    /// A migration taken out of the code is still applied in the file: its rows stay, and a migrator that
    /// no longer knows it migrates without complaint and calls its own migrations complete.
    @Test func aMigrationRemovedFromTheCodeStaysAppliedAndIsNotMinded() throws {
        let queue = try DatabaseQueue()
        var seeded = Self.migrator(v1: "first")
        seeded.registerMigration("seed") { db in try db.execute(sql: "INSERT INTO item (name) VALUES ('seed')") }
        try seeded.migrate(queue)
        let unseeded = Self.migrator(v1: "first")
        try unseeded.migrate(queue)
        #expect(try Self.names(queue) == ["first", "seed"])
        try queue.read { db throws in
            #expect(try unseeded.appliedIdentifiers(db) == ["v1", "seed"])
            #expect(try unseeded.hasCompletedMigrations(db))
            #expect(try unseeded.hasBeenSuperseded(db))
        }
    }

    /// `eraseDatabaseOnSchemaChange`: the same schema keeps the rows, and so does a new migration (GRDB
    /// compares the schema of the migrations the file has applied); another schema, or a migration the
    /// migrator does not know, erases the database's content (the file stays) and migrates it afresh.
    @Test func eraseOnSchemaChangeErasesWhenTheSchemaOrTheMigrationsDiffer() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("items.sqlite")
        func migrate(_ migrator: DatabaseMigrator) throws -> [String] {
            var migrator = migrator
            migrator.eraseDatabaseOnSchemaChange = true
            let queue = try DatabaseQueue(path: path)
            try migrator.migrate(queue)
            return try Self.names(queue)
        }
        func add(_ sql: String) throws { try DatabaseQueue(path: path).write { db in try db.execute(sql: sql) } }

        func v2(_ migrator: DatabaseMigrator) -> DatabaseMigrator {
            var migrator = migrator
            migrator.registerMigration("v2") { db in try db.execute(sql: "CREATE TABLE note (text TEXT)") }
            return migrator
        }
        #expect(try migrate(Self.migrator(v1: "first")) == ["first"])
        try add("INSERT INTO item (name) VALUES ('kept')")
        #expect(try migrate(Self.migrator(v1: "first")) == ["first", "kept"])
        // A new migration: the schemas compared are those of the migrations the file has applied (v1 only).
        #expect(try migrate(v2(Self.migrator(v1: "first"))) == ["first", "kept"])

        var edited = DatabaseMigrator()
        edited.registerMigration("v1") { db in
            try db.execute(sql: "CREATE TABLE item (name TEXT, notes TEXT)")
            try db.execute(sql: "INSERT INTO item (name) VALUES ('edited')")
        }
        edited = v2(edited)
        #expect(try migrate(edited) == ["edited"])

        try add("INSERT INTO item (name) VALUES ('kept'); INSERT INTO grdb_migrations VALUES ('removed')")
        #expect(try migrate(edited) == ["edited"])
        #expect(FileManager.default.fileExists(atPath: path))
    }

    /// A migration and the row that records it are one transaction: a migration that fails leaves neither
    /// its table nor its name, and the next `migrate` runs "v1" again.
    @Test func aMigrationThatFailsLeavesNeitherItsChangesNorItsName() throws {
        let queue = try DatabaseQueue()
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: "CREATE TABLE item (name TEXT NOT NULL)")
            try db.execute(sql: "INSERT INTO item (name) VALUES ('Apple')")
            try db.execute(sql: "INSERT INTO item (name) VALUES (NULL)")  // refused: the migration throws
        }
        #expect(throws: DatabaseError.self) { try migrator.migrate(queue) }
        try queue.read { db throws in
            #expect(try !db.tableExists("item"))
            #expect(try migrator.appliedIdentifiers(db).isEmpty)
        }
        try Self.migrator(v1: "again").migrate(queue)
        #expect(try Self.names(queue) == ["again"])
    }

    /// What `--trace` shows of each migration, in order: foreign keys off, one IMMEDIATE transaction that
    /// runs the migration, records its name and checks the foreign keys before it commits, then foreign
    /// keys on again. Each migration, not once for all.
    @Test func eachMigrationTurnsForeignKeysOffRunsInOneTransactionAndChecksThemBeforeCommitting() throws {
        let log = StatementLog()
        let queue = try DatabaseQueue(configuration: log.configuration)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createItem") { db in try db.execute(sql: "CREATE TABLE item (name TEXT)") }
        migrator.registerMigration("addNotes") { db in
            try db.execute(sql: #"ALTER TABLE "item" ADD COLUMN "notes" TEXT"#)
            try db.execute(sql: "UPDATE item SET notes = name")
        }
        _ = log.take()
        try migrator.migrate(queue)
        let statements = log.take()
        let oneMigration = [
            "PRAGMA foreign_keys = OFF", "BEGIN IMMEDIATE TRANSACTION",
            "INSERT INTO grdb_migrations (identifier) VALUES (?)", "PRAGMA foreign_key_check", "COMMIT TRANSACTION",
            "PRAGMA foreign_keys = ON",
        ]
        let traced = statements.filter { oneMigration.contains($0) }
        #expect(traced == oneMigration + oneMigration, "\(statements)")
        // The migration's own statements run inside its transaction, before its name is recorded.
        let addNotes = try #require(statements.lastIndex(of: "BEGIN IMMEDIATE TRANSACTION"))
        #expect(
            Array(statements[addNotes...].prefix(4)) == [
                "BEGIN IMMEDIATE TRANSACTION", #"ALTER TABLE "item" ADD COLUMN "notes" TEXT"#,
                "UPDATE item SET notes = name", "INSERT INTO grdb_migrations (identifier) VALUES (?)",
            ], "\(statements)")
    }
}
