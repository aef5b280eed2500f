import CourseCore
import CourseTestSupport
import Foundation
import Testing

/// `step6 edit --dry-run` run as a learner runs it: the change shown, or refused in the real edit's words,
/// and db/step6.sqlite exactly as it was. (Every bad input of every step, on its file byte for byte:
/// RefusedInputTests, in Tests/CoreTests.)
@Suite(.temporaryDirectory) struct BadInputTests {
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
