import CourseCore
import CourseTestSupport
import Foundation
import Testing

/// `--trace`, `--database` and `--in-memory` are every step's: they work
/// before the subcommand as after it (`make step2 ARGS="--trace list"`).
typealias SharedOptionsTests = EveryStep.SharedOptionsTests
extension EveryStep { @Suite(.temporaryDirectory) struct SharedOptionsTests {} }

extension SharedOptionsTests {
    /// A subcommand of each step that reads without needing arguments.
    static let listing: [(step: String, subcommand: String)] = [
        ("step1", "list"), ("step2", "list"), ("step3", "players"), ("step4", "list"),
        ("step5", "list"), ("step6", "list"), ("step7", "list"), ("step8", "search"),
    ]
    /// Those of the steps this run tests (TestedSteps).
    static let tested = listing.filter { TestedSteps.includes($0.step) }

    @Test(arguments: zip(tested.map { $0.step }, tested.map { [$0.subcommand] }))
    func traceAndInMemoryWorkBeforeAndAfterTheSubcommand(_ step: String, _ subcommand: [String]) throws {
        let directory = try TemporaryDirectory.current
        let after = try StepProcess.run(step, subcommand + ["--in-memory", "--trace"], in: directory)
        let before = try StepProcess.run(step, ["--trace", "--in-memory"] + subcommand, in: directory)
        let mixed = try StepProcess.run(step, ["--trace"] + subcommand + ["--in-memory"], in: directory)
        #expect(after.status == 0, "\(after.stderr)")
        #expect(after.stdout.contains("SQL> "), "--trace after the subcommand traces")
        #expect(before.status == 0, "\(before.stderr)")
        #expect(before.stdout == after.stdout)
        #expect(mixed.stdout == after.stdout)
        // In memory: no file was created under db/.
        #expect(!FileManager.default.fileExists(atPath: directory.file("db/\(step).sqlite")))
    }

    /// A write of each step that leaves a mark its listing shows.
    static let marks: [String: (write: [String], shows: String)] = [
        "step1": (["add", "Zed Chosen"], "Zed Chosen"), "step2": (["add", "Zed Chosen"], "Zed Chosen"),
        "step3": (["add-player", "Zed Chosen"], "Zed Chosen"), "step4": (["add", "Zedfruit", "3"], "Zedfruit"),
        "step5": (["add", "Zedfruit", "3"], "Zedfruit"), "step6": (["edit", "27", "--name", "Zed Trout"], "Zed Trout"),
        "step7": (["sync"], "Mercury"), "step8": (["edit", "1", "--price", "17.25"], "17.25"),
    ]

    /// The file is made first (by a write of the step's own, with `--database`
    /// after the subcommand; for step 6, which opens only a Northwind file, on a
    /// copy of its bundled catalog), so both listings read it: each succeeds and shows
    /// the write's mark, and neither touches the step's default file.
    @Test(arguments: zip(tested.map { $0.step }, tested.map { [$0.subcommand] }))
    func databaseBeforeTheSubcommandMeansTheSameAsAfter(_ step: String, _ subcommand: [String]) throws {
        let directory = try TemporaryDirectory.current
        let file = directory.file("chosen-\(step).sqlite")
        let mark = try #require(Self.marks[step])
        if step == "step6" {
            // Step 6's --database opens only an existing Northwind file: a copy of its bundled catalog.
            try FileManager.default.copyItem(
                atPath: workspaceRoot.appendingPathComponent("Steps/step6/Resources/catalog.sqlite").path, toPath: file)
        }
        let written = try StepProcess.run(step, mark.write + ["--database", file], in: directory)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(FileManager.default.fileExists(atPath: file))
        let after = try StepProcess.run(step, subcommand + ["--database", file], in: directory)
        let before = try StepProcess.run(step, ["--database", file] + subcommand, in: directory)
        #expect(after.status == 0, "\(after.stderr)")
        #expect(after.stdout.contains(mark.shows), "\(after.stdout)")
        #expect(before.status == 0, "\(before.stderr)")
        #expect(before.stdout == after.stdout)
        // Neither run fell back to the step's default file.
        #expect(!FileManager.default.fileExists(atPath: directory.file("db/\(step).sqlite")))
    }

    /// Every step, present and future, declares the shared options on its root command.
    @Test(arguments: TestedSteps.only(HelpTests.steps))
    func everyStepTakesTheSharedOptionsBeforeItsSubcommand(_ step: String) throws {
        let help = try StepHelp.root(step)
        #expect(
            help.stdout.contains(
                "USAGE: make \(step) ARGS=\"[--database <path>] [--in-memory] [--trace] [--stats] <subcommand>\""),
            "\(step)'s root command needs `@OptionGroup var options: DatabaseOptions`:\n\(help.stdout)")
    }

    @Test(.testing(step: 1)) func theTourTakesTraceBeforeOrAfterTourAndRefusesAFile() throws {
        let directory = try TemporaryDirectory.current
        let plain = try StepProcess.run("step1", ["--trace"], in: directory)
        let named = try StepProcess.run("step1", ["tour", "--trace"], in: directory)
        #expect(plain.stdout.contains("   SQL> CREATE TABLE IF NOT EXISTS players"))
        #expect(named.stdout == plain.stdout)
        let refused = try StepProcess.run("step1", ["--in-memory"], in: directory)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("The tour always starts from a fresh database of its own"))
    }

    @Test(.testing(step: 2)) func aWriteWithOptionsBeforeTheSubcommandLandsInTheChosenFile() throws {
        let directory = try TemporaryDirectory.current
        let path = directory.file("players.sqlite")
        let added = try StepProcess.run("step2", ["--database", path, "--trace", "add", "Blob"], in: directory)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains(#"SQL> INSERT INTO "players""#))
        #expect(try rowCount(path, "players") == 1)
    }
}
