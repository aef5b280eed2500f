import CourseTestSupport
import Foundation
import GRDB
import Testing

/// The built `step4`, run as a learner runs it.
@Suite(.temporaryDirectory) struct Step4ProcessTests {
    @Test func tourMatchesGolden() throws {
        try Golden.checkTour("step4")
    }

    /// The help a learner reads first lists the orderings that exist and shows the quoting.
    @Test func helpListsTheOrderingsAndTheQuoting() throws {
        let directory = try TemporaryDirectory.current
        // (StepHelp: each help runs once for every test, HelpTests' golden files among them.)
        let ordering = ["list", "shell", "watch"]
        for (subcommand, help) in zip(ordering, StepHelp.subcommands("step4", ordering)) {
            let text = try help.get().stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(text.contains("none (unordered), asc (by name, A→Z), desc (by name, Z→A)"), "\(subcommand)")
        }
        let naming = ["add", "edit", "shell"]
        for (subcommand, help) in zip(naming, StepHelp.subcommands("step4", naming)) {
            let text = try help.get().stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(text.contains(#"add "Øresund 100%" 2"#), "\(subcommand)")
            #expect(text.contains(#"make step4 ARGS="add 'Øresund 100%' 2""#), "\(subcommand)")
        }
        // What the help says works: the quoted name arrives whole, % and all.
        let added = try StepProcess.run("step4", ["add", "Øresund 100%", "2", "--database", "q.sqlite"], in: directory)
        #expect(added.stdout == "added item 1: Øresund 100%\n")
        let shell = try StepProcess.run(
            "step4", ["shell", "--database", "q.sqlite"], in: directory,
            input: "add \"Øresund 100%\" 3\nhelp\nquit\n")
        #expect(shell.stdout.contains("added item 2: Øresund 100%"))
        #expect(shell.stdout.contains("orderings: none (unordered), asc (by name, A→Z), desc (by name, Z→A)"))
    }

    @Test func pipedShellSessionPrintsTheListsInOrder() throws {
        let directory = try TemporaryDirectory.current
        let script = """
            add Cherry 2
            add banana ""
            order
            edit 1 --quantity x
            delete 2
            quit
            add Never 1

            """
        let arguments = ["shell", "--database", "s.sqlite"]
        let run = try StepProcess.run("step4", arguments, in: directory, input: script)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout == """
                0 Items · unordered
                  id  name  quantity
                  --  ----  --------
                  (no rows)
                > add Cherry 2
                added item 1: Cherry
                1 Item · unordered
                  id  name    quantity
                  --  ------  --------
                  1   Cherry  2
                > add banana ""
                added item 2: banana
                2 Items · unordered
                  id  name    quantity
                  --  ------  --------
                  1   Cherry  2
                  2   banana  NULL
                > order
                2 Items · by name, A→Z
                  id  name    quantity
                  --  ------  --------
                  2   banana  NULL
                  1   Cherry  2
                > edit 1 --quantity x
                error: quantity "x" is not a whole number
                > delete 2
                deleted item 2
                1 Item · by name, A→Z
                  id  name    quantity
                  --  ------  --------
                  1   Cherry  2
                > quit

                """)
        // Nothing after quit ran; the file holds what the last list showed.
        let rows = try DatabaseQueue(path: directory.file("s.sqlite")).read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, quantity FROM item")
        }
        #expect(rows == [["id": 1, "name": "Cherry", "quantity": 2]])
    }

    @Test func subcommandsEndToEnd() throws {
        let directory = try TemporaryDirectory.current
        var outputs: [String] = []
        for words in [
            ["add", "apple", "3"], ["add", "Banana"], ["add", "cherry", "1"],
            ["edit", "1", "--quantity", ""], ["edit", "3", "--name", "Cherry"], ["delete", "2"],
            ["list", "--order", "desc"],
        ] {
            // No --database: the default file, db/step4.sqlite under the scratch folder.
            let run = try StepProcess.run("step4", words, in: directory)
            #expect(run.status == 0, "\(words): \(run.stderr)")
            outputs.append(run.stdout)
        }
        #expect(
            outputs == [
                "added item 1: apple\n", "added item 2: Banana\n", "added item 3: cherry\n",
                "saved item 1: apple\n", "saved item 3: Cherry\n", "deleted item 2\n",
                """
                2 Items · by name, Z→A
                  id  name    quantity
                  --  ------  --------
                  3   Cherry  1
                  1   apple   NULL

                """,
            ])
        #expect(FileManager.default.fileExists(atPath: directory.file("db/step4.sqlite")))
    }

    @Test func seededNewIsReproducible() throws {
        let directory = try TemporaryDirectory.current
        let first = try StepProcess.run(
            "step4", ["new", "--random-start", "9", "--database", "a.sqlite"], in: directory)
        let second = try StepProcess.run(
            "step4", ["new", "--random-start", "9", "--database", "b.sqlite"], in: directory)
        #expect(first.status == 0 && first.stdout == second.stdout)
        #expect(first.stdout.wholeMatch(of: /added item 1: [A-Z][a-z]{6}\n/) != nil, "\(first.stdout)")
        let quantity = try DatabaseQueue(path: directory.file("a.sqlite")).read { db in
            try Int.fetchOne(db, sql: "SELECT quantity FROM item")
        }
        #expect((1...9).contains(quantity ?? 0))
    }

    @Test func watchSeesAWriteByAnotherProcess() throws {
        let directory = try TemporaryDirectory.current
        try StepProcess.run("step4", ["add", "Apple", "3", "--database", "w.sqlite"], in: directory)
        let watch = try BackgroundStep(
            "step4", ["watch", "--database", "w.sqlite", "--max-updates", "1", "--timeout", "120"], in: directory)
        #expect(watch.wait(timeout: 120) { $0.contains("1 Item · unordered") }, "watch \(watch.report)")
        let add = try StepProcess.run("step4", ["add", "Kiwi", "1", "--database", "w.sqlite"], in: directory)
        #expect(add.status == 0)
        #expect(watch.exitStatus(timeout: 120) == 0, "watch did not stop after one update: \(watch.report)")
        #expect(
            watch.text.hasSuffix(
                """

                2 Items · unordered
                  id  name   quantity
                  --  -----  --------
                  1   Apple  3
                  2   Kiwi   1

                """), "\(watch.text)")
    }

    /// A read leaves the folder as it found it: step 4's file is in WAL mode and closed cleanly (no `-wal`),
    /// and `list` opens it read-write with `PRAGMA query_only`, so its last close removes the `-wal` and
    /// `-shm` it made. (A read-only connection could not: it would leave both behind.)
    @Test func aReadLeavesNoWALFilesBehind() throws {
        let directory = try TemporaryDirectory.current
        try StepProcess.run("step4", ["add", "Apple", "3", "--database", "r.sqlite"], in: directory)
        let before = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
        #expect(before == ["r.sqlite"], "\(before)")
        let list = try StepProcess.run("step4", ["list", "--database", "r.sqlite"], in: directory)
        #expect(list.status == 0 && list.stdout.contains("Apple"), "\(list.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == before)
    }

    /// watch polls: it asks `PRAGMA data_version` once per interval (50 ms), not as fast as it can. In 0.5 s
    /// that is about 10 questions; a loop without its sleep asks thousands. The bound only fails when the
    /// polling has no pause, however slow or loaded the machine.
    @Test func watchPollsOncePerInterval() throws {
        let directory = try TemporaryDirectory.current
        try StepProcess.run("step4", ["add", "Apple", "3", "--database", "w.sqlite"], in: directory)
        let watch = try StepProcess.run(
            "step4", ["watch", "--database", "w.sqlite", "--timeout", "0.5", "--stats"], in: directory)
        #expect(watch.status == 0, "\(watch.stderr)")
        let line = try #require(watch.stdout.split(separator: "\n").first { $0.contains("PRAGMA data_version") })
        let runs = try #require(
            Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(2).first ?? ""))
        #expect((2...40).contains(runs), "\(line)")
    }

    /// A background step that fails says why in the test's report: its standard error is kept (a watch
    /// started with an option it does not have exits 64 at once, printing nothing on standard output).
    @Test func aBackgroundStepThatFailsShowsItsStandardError() throws {
        let watch = try BackgroundStep(
            "step4", ["watch", "--max-changes", "1", "--timeout", "120"], in: try TemporaryDirectory.current)
        #expect(watch.exitStatus(timeout: 120) == 64)
        #expect(watch.text.isEmpty)
        #expect(
            watch.report.hasSuffix(
                "standard error: Error: --max-changes is not an option here. "
                    + "make step4 ARGS=\"watch --help\" lists the options.\n"),
            "\(watch.report)")
    }

    /// The schema of the seed's app, written with plain SQL as GRDB wrote it there.
    static let seedAppSQL = """
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
        INSERT INTO grdb_migrations VALUES ('createItem');
        CREATE TABLE "item" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "name" TEXT NOT NULL, "quantity" INTEGER);
        INSERT INTO item (name, quantity) VALUES ('Xbqwert', 4), ('Äpfel', NULL);
        """

    @Test func aDatabaseMadeByTheSeedsAppOpensUnchanged() throws {
        let directory = try TemporaryDirectory.current
        let path = directory.file("seed.sqlite")
        try makeDatabase(at: path, sql: Self.seedAppSQL)
        let before = try databaseSnapshot(path)
        let run = try StepProcess.run("step4", ["list", "--order", "asc", "--database", path], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("2   Äpfel    NULL\n  1   Xbqwert  4"), "\(run.stdout)")
        #expect(try databaseSnapshot(path) == before)
    }

    @Test(arguments: [
        (
            "CREATE TABLE item (id INTEGER PRIMARY KEY, title TEXT)",  // no migrations recorded
            "it holds the tables item: no step of this course makes a file like it"
        ),
        (
            """
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            INSERT INTO grdb_migrations VALUES ('createItem');
            CREATE TABLE item (id INTEGER PRIMARY KEY, title TEXT)
            """,
            "it holds the tables grdb_migrations, item: no step of this course makes a file like it"
        ),
        (
            """
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            INSERT INTO grdb_migrations VALUES ('createItem'), ('addNotes');
            CREATE TABLE item (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, quantity INTEGER, notes TEXT)
            """,
            "it is a step 5 file, items with notes (tables: grdb_migrations, item): a later version of step 4 (migrations it does not know: addNotes); step 4 is older than the file and cannot know what those migrations did"
        ),
    ])
    func anUnexpectedItemTableIsRefusedUnchanged(sql: String, message: String) throws {
        let directory = try TemporaryDirectory.current
        let path = directory.file("other.sqlite")
        try makeDatabase(at: path, sql: sql)
        let before = try databaseSnapshot(path)
        let run = try StepProcess.run("step4", ["add", "Fig", "--database", path], in: directory)
        #expect(run.status == 1)
        // Refused by the check every step makes before it opens a file (docs/appendix-file-compatibility.md).
        let refusal = "Error: other.sqlite is not a file step 4 can use; step 4 left it untouched\n  \(message)\n"
        #expect(run.stderr.hasPrefix(refusal), "\(run.stderr)")
        #expect(try databaseSnapshot(path) == before)
    }

    @Test func watchRefusesAnInMemoryDatabase() throws {
        let directory = try TemporaryDirectory.current
        let run = try StepProcess.run("step4", ["watch", "--in-memory"], in: directory)
        #expect(run.status != 0 && run.stderr.contains("needs a file"))
    }
}
