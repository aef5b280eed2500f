import CourseCore
import CourseTestSupport
import Foundation
import Testing

/// `step6 edit` run as a learner runs it: every bad input leaves a clear
/// message, a non-zero exit, and db/step6.sqlite exactly as it was.
@Suite(.temporaryDirectory) struct BadInputTests {
    static let cases: [(arguments: [String], status: Int32, message: String)] = [
        (["edit", "27", "--price", "-1"], 1, "SQLITE_CONSTRAINT_CHECK"),
        (["edit", "27", "--price=-1"], 1, "nothing was saved"),
        (["edit", "27", "--stock", "-3", "--supplier-phone", "0"], 1, "CHECK constraint failed: UnitsInStock"),
        (["edit", "999", "--price", "1"], 1, "no product with id 999"),
        (["edit", "27", "--price", "twelve"], 64, "The value 'twelve' is invalid for '--price <price>'"),
        (["edit", "27", "--stock", "1.5"], 64, "The value '1.5' is invalid for '--stock <stock>'"),
        (["edit", "27", "--discontinued", "maybe"], 64, "The value 'maybe' is invalid"),
        (["edit", "abc", "--price", "1"], 64, "The value 'abc' is invalid for '<id>'"),
        (["edit", "27"], 64, "Nothing to edit"),
        // A mistyped option is named first, with its suggestion, before any other check.
        (["edit", "27", "--prise", "17"], 64, "--prise is not an option here: did you mean --price?"),
        (["show", "999"], 1, "no product with id 999"),
    ]

    @Test(arguments: 0..<cases.count)
    func refusedAndUnchanged(_ index: Int) throws {
        let (arguments, status, message) = Self.cases[index]
        let directory = try TemporaryDirectory.current
        let first = try StepProcess.run("step6", ["list"], in: directory)  // bootstraps db/step6.sqlite
        #expect(first.status == 0)
        let path = directory.file("db/step6.sqlite")
        let before = try databaseSnapshot(path)

        let result = try StepProcess.run("step6", arguments, in: directory)
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        #expect(try databaseSnapshot(path) == before, "\(arguments) changed the database")
    }

    /// db/step6.sqlite as the first subcommand copies it, and its bytes.
    private func firstRunCatalog(in directory: TemporaryDirectory) throws -> (path: String, snapshot: String) {
        _ = try StepProcess.run("step6", ["list"], in: directory)
        let path = directory.file("db/step6.sqlite")
        return (path, try databaseSnapshot(path))
    }

    @Test func dryRunShowsTheChangeAndSavesNothing() throws {
        let directory = try TemporaryDirectory.current
        let (path, before) = try firstRunCatalog(in: directory)
        let result = try StepProcess.run("step6", ["edit", "27", "--name", "Trout", "--dry-run"], in: directory)
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                Product #27:
                  Products.ProductName: "Smoked Trout \\"Kestrel Cut\\"" → "Trout"
                Dry run: the UPDATEs ran and were rolled back: nothing saved.

                """)
        #expect(try databaseSnapshot(path) == before)
    }

    /// `edit 27 --price -1 --dry-run` is refused with the real edit's words and status; the file keeps its bytes.
    @Test func dryRunIsRefusedExactlyLikeTheRealEdit() throws {
        let directory = try TemporaryDirectory.current
        let (path, before) = try firstRunCatalog(in: directory)
        let dry = try StepProcess.run("step6", ["edit", "27", "--price", "-1", "--dry-run"], in: directory)
        #expect(try databaseSnapshot(path) == before)
        let real = try StepProcess.run("step6", ["edit", "27", "--price", "-1"], in: directory)
        #expect(try databaseSnapshot(path) == before)
        #expect(dry.status == 1 && real.status == 1)
        #expect(
            dry.stderr.contains("SQLITE_CONSTRAINT_CHECK") && dry.stderr.contains("CHECK constraint failed: UnitPrice"))
        #expect(dry.stderr == real.stderr)
        #expect(dry.stdout == real.stdout)
    }
}
