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
