import CourseCore
import CourseTestSupport
import Foundation
import GRDB
import Testing

/// The built `step10` executable, run as a learner runs it.
@Suite(.temporaryDirectory) struct EndToEndTests {
    @Test func theTourMatchesItsGoldenOutput() throws {
        try Golden.checkTour("step10")
    }

    @Test func typedSyntaxIsSearchedButABadQueryIsRefusedAndChangesNothing() throws {
        let directory = try TemporaryDirectory.current
        #expect(try StepProcess.run("step10", ["sync"], in: directory).status == 0)
        let path = directory.file("db/step10.sqlite")
        let before = try databaseSnapshot(path)
        // Each finds what the same words typed without FTS5's syntax find.
        let plainWords = [
            #""kestrel"#: "kestrel", "NEAR( smoked": "near smoked", "tea OR": "tea or", "-honey": "honey",
            "category:": "category", "(fig": "fig", "AND": "and",
        ]
        for (typed, plain) in plainWords {
            let result = try StepProcess.run("step10", ["search", typed], in: directory)
            #expect(result.status == 0, "\(typed): \(result.stderr)")
            #expect(
                result.stdout == (try StepProcess.run("step10", ["search", plain], in: directory).stdout), "\(typed)")
        }
        let fig = try StepProcess.run("step10", ["search", "(fig"], in: directory)
        #expect(fig.stdout.contains("[Fig] & Walnut Chutney"), "\(fig.stdout)")
        #expect(try StepProcess.run("step10", ["search", "*"], in: directory).status == 0)
        let found = try StepProcess.run("step10", ["search", "smoked tro"], in: directory)
        #expect(found.stdout.contains("[Smoked] [Trout]"), "\(found.stdout)")
        let bad = try StepProcess.run("step10", ["search", "--query", "NEAR( smoked"], in: directory)
        #expect(bad.status == 1)
        #expect(
            bad.stderr.hasPrefix("Error: could not search the products for --query 'NEAR( smoked'\n"), "\(bad.stderr)")
        #expect(bad.stderr.contains("result code: 1 SQLITE_ERROR"))
        #expect(bad.stderr.contains("message:     fts5: syntax error near \"\""))
        #expect(try databaseSnapshot(path) == before)
        let check = try StepProcess.run("step10", ["check"], in: directory)
        #expect(check.stdout.hasPrefix("Both indexes agree with their tables"), "\(check.stderr)")
    }

    /// The triggers are in the file: step 6, which knows nothing of the index, keeps it right.
    @Test func step6sEditKeepsTheIndexRight() throws {
        let directory = try TemporaryDirectory.current
        #expect(try StepProcess.run("step10", ["sync"], in: directory).status == 0)
        let edit = try StepProcess.run(
            "step6", ["edit", "27", "--name", "Smoked Eel", "--database", "db/step10.sqlite"], in: directory)
        #expect(edit.status == 0, "\(edit.stderr)")
        let eel = try StepProcess.run("step10", ["search", "eel", "--in", "products"], in: directory)
        #expect(eel.stdout.contains("[Eel]"), "\(eel.stdout)")
        let trout = try StepProcess.run("step10", ["search", "trout", "--in", "products"], in: directory)
        #expect(trout.stdout.contains("products: 0 found"), "\(trout.stdout)")
        let check = try StepProcess.run("step10", ["check"], in: directory)
        #expect(check.status == 0, "\(check.stderr)")
    }

    @Test func aStep7FileIsUpgradedInPlaceAndItsBodiesFound() throws {
        let directory = try TemporaryDirectory.current
        #expect(try StepProcess.run("step7", ["sync", "--database", "bodies.sqlite"], in: directory).status == 0)
        let search = try StepProcess.run("step10", ["search", "ganym", "--database", "bodies.sqlite"], in: directory)
        #expect(search.status == 0, "\(search.stderr)")
        #expect(search.stdout.contains("bodies: 1 found"), "\(search.stdout)")
        #expect(search.stdout.contains("[Ganymede]"), "\(search.stdout)")
        let migrations = try DatabaseQueue(path: directory.file("bodies.sqlite")).read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
        }
        #expect(migrations == ["v1 BodiesDB-001.sql", "v1 catalog.sql", "v10 full-text search"])
    }
}

// MARK: - Issue 28: a careless learner's command lines

extension EndToEndTests {
    /// A mistyped option is refused with a suggestion, not searched as a word;
    /// after `--`, such a word is searched; `--query '-honey'` is a query.
    @Test func aMistypedOptionIsRefusedAndDashDashSearchesIt() throws {
        let directory = try TemporaryDirectory.current
        #expect(try StepProcess.run("step10", ["sync"], in: directory).status == 0)
        for typo in ["--databse", "--in-memmory", "--tarce"] {
            let result = try StepProcess.run("step10", ["search", "tea", typo, "db/x.sqlite"], in: directory)
            #expect(result.status == 64, "\(typo): \(result.stdout)")
            #expect(result.stderr.contains("\(typo) is not an option here: did you mean --"), "\(result.stderr)")
        }
        let searched = try StepProcess.run("step10", ["search", "tea", "--", "--databse"], in: directory)
        #expect(searched.status == 0, "\(searched.stderr)")
        let query = try StepProcess.run("step10", ["search", "--query", "-honey"], in: directory)
        #expect(!query.stderr.contains("Missing value"), "\(query.stderr)")
        #expect(query.stderr.contains("--query '-honey'"), "\(query.stderr)")
    }

    /// As many hits as the limit: the line says how to see more, and --limit shows them.
    @Test func searchNamesItsLimitAndTakesAnother() throws {
        let directory = try TemporaryDirectory.current
        let three = try StepProcess.run("step10", ["search", "c", "--in", "products", "--limit", "3"], in: directory)
        #expect(three.stdout.hasPrefix("products: 3 found (the best 3; --limit 6 shows more)\n"), "\(three.stdout)")
        let six = try StepProcess.run("step10", ["search", "c", "--in", "products", "--limit", "6"], in: directory)
        #expect(six.stdout.hasPrefix("products: 6 found (the best 6; --limit 12 shows more)\n"), "\(six.stdout)")
        let zero = try StepProcess.run("step10", ["search", "c", "--limit", "-1"], in: directory)
        #expect(zero.stderr.contains("--limit must be between 1 and 1000, not -1."), "\(zero.stderr)")
    }

    /// A trigger dropped, then a change it would have copied: `check` names
    /// the index, the missing trigger, and the statement that rebuilds it.
    @Test func checkNamesTheIndexThatDriftedAndHowToRebuildIt() throws {
        let directory = try TemporaryDirectory.current
        let path = directory.file("drift.sqlite")
        #expect(try StepProcess.run("step10", ["sync", "--database", path], in: directory).status == 0)
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "DROP TRIGGER product_fts_update")
            try db.execute(sql: "UPDATE Products SET ProductName = 'Zebra Tea' WHERE ProductID = 1")
        }
        let result = try StepProcess.run("step10", ["check", "--database", path], in: directory)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "the products index product_fts no longer agrees with its table: the file lacks the trigger product_fts_update"
            ), "\(result.stderr)")
        #expect(result.stderr.contains("INSERT INTO product_fts(product_fts) VALUES('rebuild')"), "\(result.stderr)")
        #expect(result.stderr.contains("267 SQLITE_CORRUPT_VTAB"), "\(result.stderr)")
    }
}
