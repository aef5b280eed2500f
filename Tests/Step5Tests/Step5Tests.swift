import CourseCore
import CourseTestSupport
import Foundation
import GRDB
import ItemsKit
import Testing

@testable import step5

/// This step's database (ItemsKit's, for this step's Item).
private typealias AppDatabase = step5.AppDatabase

private let quiet = Narrator(write: { _ in })

private func open(_ path: String) throws -> AppDatabase {
    try AppDatabase.open(.file(path), migrator: AppDatabase.migrator, trace: false, narrator: quiet)
}

/// A file as the seed's app left it after its step 4: GRDB's migrations
/// table with createItem, the item table, rows with unicode names and NULL quantities.
private func makeSeedAppDatabase(_ path: String) throws {
    try makeDatabase(
        at: path,
        sql: """
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            INSERT INTO grdb_migrations (identifier) VALUES ('createItem');
            CREATE TABLE "item" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "name" TEXT NOT NULL, "quantity" INTEGER);
            INSERT INTO item (id, name, quantity) VALUES
              (1, 'Qwertzu', 7), (2, 'Äpfel', NULL), (3, 'émile 🍏', 0), (5, 'Straße', NULL);
            """)
}

@Suite(.temporaryDirectory) struct MigrationTests {
    @Test func theSeedsDatabaseIsUpgradedOnceKeepingEveryRow() throws {
        let directory = try TemporaryDirectory.current
        let path = directory.file("seed.sqlite")
        try makeSeedAppDatabase(path)
        let rowsBefore = try DatabaseQueue(path: path).read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, quantity FROM item ORDER BY id")
        }

        // Before: the migrator sees createItem applied, addNotes pending.
        let (applied, completed) = try DatabaseQueue(path: path).read { db in
            (try AppDatabase.migrator.appliedMigrations(db), try AppDatabase.migrator.hasCompletedMigrations(db))
        }
        #expect(applied == ["createItem"] && completed == false)

        let database = try open(path)
        #expect(database.appliedNow == ["addNotes"])
        try database.reader.read { db in
            #expect(try Row.fetchAll(db, sql: "SELECT id, name, quantity FROM item ORDER BY id") == rowsBefore)
            let pairs = try Row.fetchAll(db, sql: "SELECT name, notes FROM item")
            #expect(pairs.count == 4)
            for pair in pairs { #expect(pair["notes"] as String? == pair["name"] as String) }
            #expect(try AppDatabase.migrator.appliedMigrations(db) == ["createItem", "addNotes"])
            #expect(try AppDatabase.migrator.hasCompletedMigrations(db))
            #expect(try db.columns(in: "item").map(\.name) == ["id", "name", "quantity", "notes"])
        }
        #expect(try database.items(.unspecified).map(\.notes) == ["Qwertzu", "Äpfel", "émile 🍏", "Straße"])

        let before = try databaseSnapshot(path)
        #expect(try open(path).appliedNow == [])  // applied once
        #expect(try databaseSnapshot(path) == before)
    }

    @Test func aFreshDatabaseGetsBothMigrations() throws {
        let directory = try TemporaryDirectory.current
        #expect(try open(directory.file("new.sqlite")).appliedNow == ["createItem", "addNotes"])
    }

    @Test(arguments: [
        // createItem recorded, but the table has another shape: addNotes must not run.
        (
            """
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            INSERT INTO grdb_migrations VALUES ('createItem');
            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            INSERT INTO item (name) VALUES ('x');
            """,
            "it holds the tables grdb_migrations, item: no step of this course makes a file like it"
        ),
        // A migration from some later version.
        (
            """
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            INSERT INTO grdb_migrations VALUES ('createItem'), ('addTags');
            CREATE TABLE "item" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "name" TEXT NOT NULL, "quantity" INTEGER);
            """,
            "it holds the tables grdb_migrations, item: no step of this course makes a file like it"
        ),
    ])
    func anUnexpectedDatabaseIsRefusedUnchanged(sql: String, message: String) throws {
        let directory = try TemporaryDirectory.current
        let path = directory.file("odd.sqlite")
        try makeDatabase(at: path, sql: sql)
        let before = try databaseSnapshot(path)
        let run = try StepProcess.run("step5", ["--database", path], in: directory)
        #expect(run.status == 1)
        // Refused by the check every step makes before it opens a file (docs/appendix-file-compatibility.md).
        let refusal = "Error: odd.sqlite is not a file step 5 can use; step 5 left it untouched\n  \(message)\n"
        #expect(run.stderr.hasPrefix(refusal), "\(run.stderr)")
        #expect(try databaseSnapshot(path) == before)
    }
}

@Suite(.temporaryDirectory) struct NotesEditorTests {
    @Test func notesFollowTheEditorRules() throws {
        let directory = try TemporaryDirectory.current
        let database = try open(directory.file("n.sqlite"))
        let fig = try database.addItem(["name": "Fig", "quantity": "2", "notes": "ripe"])
        #expect(fig == Item(id: 1, name: "Fig", quantity: 2, notes: "ripe"))
        #expect(try database.addItem(["notes": "only a note"]).name == "")  // notes alone are something to save
        #expect(try database.editItem(id: 1, ["notes": ""]).notes == nil)  // empty notes: NULL
        #expect(
            try database.editItem(id: 1, ["name": "", "notes": "again"])
                == Item(id: 1, name: "Fig", quantity: 2, notes: "again"))
        #expect(throws: CourseError.self) { try database.addItem(["name": "", "quantity": "", "notes": ""]) }
        #expect(throws: CourseError.self) { try database.editItem(id: 1, ["notes": "lost?", "quantity": "2.5"]) }
        #expect(
            try database.items(.unspecified) == [
                Item(id: 1, name: "Fig", quantity: 2, notes: "again"),
                Item(id: 2, name: "", quantity: nil, notes: "only a note"),
            ])
    }
}

@Suite(.temporaryDirectory) struct Step5ProcessTests {
    @Test func tourMatchesGolden() throws {
        try Golden.checkTour("step5")
    }

    @Test func aFileMadeByStep4IsUpgradedInPlace() throws {
        let directory = try TemporaryDirectory.current
        for words in [["add", "Apple", "3"], ["add", "Äpfel", ""], ["new", "--random-start", "1"]] {
            #expect(try StepProcess.run("step4", words + ["--database", "f.sqlite"], in: directory).status == 0)
        }
        let names = try DatabaseQueue(path: directory.file("f.sqlite")).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM item ORDER BY id")
        }
        let first = try StepProcess.run("step5", ["--database", "f.sqlite"], in: directory)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.stdout.hasPrefix(
                "f.sqlite: applied addNotes\nmigrations recorded in grdb_migrations: createItem, addNotes\n3 Items"))
        let second = try StepProcess.run("step5", ["--database", "f.sqlite"], in: directory)
        #expect(second.stdout.hasPrefix("f.sqlite: up to date, no migration applied\n"))
        let rows = try DatabaseQueue(path: directory.file("f.sqlite")).read { db in
            try Row.fetchAll(db, sql: "SELECT name, notes FROM item ORDER BY id")
        }
        #expect(rows.map { $0["name"] as String } == names)
        #expect(rows.map { $0["notes"] as String? } == names)
    }

    /// `tour --database FILE` is `--database FILE` (step 5 parses the option wherever it is);
    /// `--in-memory` has nothing to upgrade: refused, with a usage error, and no file made.
    @Test func theTourUpgradesAFileGivenAfterItAndRefusesInMemory() throws {
        let directory = try TemporaryDirectory.current
        #expect(try StepProcess.run("step4", ["add", "Fig", "2", "--database", "f.sqlite"], in: directory).status == 0)
        let upgraded = try StepProcess.run("step5", ["tour", "--database", "f.sqlite"], in: directory)
        #expect(upgraded.status == 0, "\(upgraded.stderr)")
        #expect(upgraded.stdout.hasPrefix("f.sqlite: applied addNotes\n"), "\(upgraded.stdout)")
        for words in [["--in-memory"], ["tour", "--in-memory"]] {
            let refused = try StepProcess.run("step5", words, in: directory)
            #expect(refused.status == 64, "step5 \(words)")
            #expect(
                refused.stderr.contains("--in-memory: a fresh database has nothing to upgrade."), "\(refused.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("db")), "a refused command makes no file")
    }

    @Test func pipedShellEditsNotes() throws {
        let directory = try TemporaryDirectory.current
        let run = try StepProcess.run(
            "step5", ["shell", "--in-memory"], in: directory,
            input: "add Fig 2 --notes \"very ripe\"\nedit 1 --notes \"\"\nedit 1 --colour red\n")
        #expect(run.status == 0)
        #expect(
            run.stdout.contains(
                """
                > add Fig 2 --notes "very ripe"
                added item 1: Fig
                1 Item · unordered
                  id  name  quantity  notes
                  --  ----  --------  ---------
                  1   Fig   2         very ripe
                > edit 1 --notes ""
                saved item 1: Fig
                1 Item · unordered
                  id  name  quantity  notes
                  --  ----  --------  -----
                  1   Fig   2         NULL
                > edit 1 --colour red
                error: unknown option --colour: the fields are --name, --quantity, --notes
                """), "\(run.stdout)")
    }

    @Test func missingFileIsNotCreated() throws {
        let directory = try TemporaryDirectory.current
        let run = try StepProcess.run("step5", ["--database", "missing.sqlite"], in: directory)
        #expect(run.status != 0 && run.stderr.contains("no file at missing.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: directory.file("missing.sqlite")))
    }

    /// The chapter shows `make diff-step5`; it must be what make prints today.
    @Test func theChapterShowsTheCurrentDiff() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["make", "-s", "--no-print-directory", "diff-step5"]
        process.currentDirectoryURL = workspaceRoot
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let diff = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(diff.contains("+        migrator.registerMigration(\"addNotes\")"))

        let chapter = try String(
            contentsOf: workspaceRoot.appendingPathComponent("docs/05-notes-migration.md"), encoding: .utf8)
        let lines = chapter.components(separatedBy: "\n")
        let start = try #require(
            lines.firstIndex(of: "<!-- make diff-step5 -->"), "no `<!-- make diff-step5 -->` marker in the chapter")
        let block = lines[(start + 2)...].prefix { $0 != "```" }
        #expect(
            block.joined(separator: "\n") + "\n" == diff,
            "docs/05 shows an old diff: paste `make -s diff-step5` into it")
    }
}

@Suite(.temporaryDirectory) struct TourWordsTests {
    /// A migration that forgets to fill the notes: the tour's count says so.
    @Test func theUpgradeNoteCountsTheFilledNotes() throws {
        let directory = try TemporaryDirectory.current
        var forgetful = DatabaseMigrator()
        forgetful.registerMigration("createItem", migrate: ItemMigrations.createItem)
        forgetful.registerMigration("addNotes") { db in
            try db.alter(table: "item") { table in table.add(column: "notes", .text) }  // no UPDATE
        }
        var said: [String: String] = [:]
        for (name, migrator) in [("ours", AppDatabase.migrator), ("forgetful", forgetful)] {
            let path = directory.file("\(name).sqlite")
            let lines = RecordedLines()
            try makeStep4File(lines.narrator, path, trace: false)
            _ = try upgradeWithStep5(lines.narrator, path, migrator: migrator, trace: false)
            said[name] = lines.all.joined(separator: "\n")
        }
        #expect(said["ours"]?.contains("3 of the 3 items kept; notes filled from name in 3 of them") == true)
        #expect(said["forgetful"]?.contains("3 of the 3 items kept; notes filled from name in 0 of them") == true)
    }
}
