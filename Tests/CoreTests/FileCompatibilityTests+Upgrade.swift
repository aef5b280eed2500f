import CourseTestSupport
import Foundation
import Testing

// MARK: - Chapter 11's upgrade of a step 7 file

extension FileCompatibilityTests {
    /// Chapter 11's own lines that upgrade step 7's file: `cp db/step7.sqlite COPY`, then each
    /// `make step11 ARGS="…"` that names the copy. No step 11 command of the chapter may name
    /// step 7's own file: upgraded, step 7 would refuse it.
    static func chapterElevensUpgrade() throws -> (copy: String, arguments: [[String]]) {
        let lines = try CommandLineTests.lines(of: "docs/11-one-query.md")
        let copies = lines.compactMap { $0.text.firstMatch(of: /^cp db\/step7\.sqlite (db\/\S+\.sqlite)$/) }
        let copy = try #require(copies.first.map { String($0.output.1) }, "chapter 11 shows no cp of db/step7.sqlite")
        let commands = CommandLineTests.commands(in: lines).filter { $0.step == 11 }
        #expect(!commands.contains { $0.arguments.contains("--database db/step7.sqlite") })
        let upgrade = commands.filter { $0.arguments.contains("--database \(copy)") }
        return (copy, upgrade.map { $0.arguments.split(separator: " ").map(String.init) })
    }

    /// A scratch folder whose db/step7.sqlite step 7 made (`sync v1`).
    static func stepSevensFile() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        let sync = try StepProcess.run("step7", ["sync", "v1"], in: directory)
        #expect(sync.status == 0, "\(sync.stderr)")
        return directory
    }

    /// Chapter 11 upgrades a copy of step 7's file (its own lines, run as
    /// shown): step 11 works on the copy, and step 7 on its own file, as
    /// before. Given the copy, step 7 refuses it, byte for byte untouched,
    /// saying why: it is older than the file, whose migration it names.
    @Test func chapterElevensUpgradeOnACopyLeavesStepSevensFileUsable() throws {
        let directory = try Self.stepSevensFile()
        defer { directory.remove() }
        func run(_ step: String, _ arguments: [String]) throws -> ProcessResult {
            try StepProcess.run(step, arguments, in: directory)
        }
        let original = Bytes(directory.file("db/step7.sqlite"))

        let (copy, upgrade) = try Self.chapterElevensUpgrade()
        #expect(!upgrade.isEmpty, "chapter 11 runs no step 11 command on \(copy)")
        try FileManager.default.copyItem(atPath: directory.file("db/step7.sqlite"), toPath: directory.file(copy))
        for arguments in upgrade {
            let result = try run("step11", arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let ranked = try run("step11", ["rank", "--database", copy])
        #expect(ranked.status == 0 && ranked.stdout.contains("Earth"), "\(ranked.stdout)\(ranked.stderr)")
        #expect(Bytes(directory.file("db/step7.sqlite")) == original, "the upgrade changed step 7's own file")
        let list = try run("step7", ["list"])
        #expect(list.status == 0 && list.stdout.contains("terre"), "\(list.stdout)\(list.stderr)")

        let upgraded = Bytes(directory.file(copy))
        let refused = try run("step7", ["list", "--database", copy])
        #expect(refused.status == 1)
        for part in [
            "\(copy) is not a file step 7 can use; step 7 left it untouched",
            "a later version of step 7 (migrations it does not know: v11 body documents)",
            "step 7 is older than the file and cannot know what those migrations did",
            "To read it with step 11: make step11 ARGS=",
        ] {
            #expect(refused.stderr.contains(part), "\(refused.stderr)")
        }
        #expect(Bytes(directory.file(copy)) == upgraded)
    }

    /// Upgraded in place (what the chapter avoids), step 7's own file is
    /// refused, byte for byte untouched, with a way that keeps its data
    /// before `make reset`: moved aside as the message says, it still opens
    /// in step 11, and step 7 starts afresh.
    @Test func stepSevensOwnFileUpgradedInPlaceIsRefusedWithAWayToKeepIt() throws {
        let directory = try Self.stepSevensFile()
        defer { directory.remove() }
        func run(_ step: String, _ arguments: [String]) throws -> ProcessResult {
            try StepProcess.run(step, arguments, in: directory)
        }
        #expect(try run("step11", ["sync", "v1", "--database", "db/step7.sqlite"]).status == 0)
        let before = Bytes(directory.file("db/step7.sqlite"))
        let refused = try run("step7", ["list"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("step 7 is older than the file"), "\(refused.stderr)")
        let move = "mv -n db/step7.sqlite db/step7-kept.sqlite"
        #expect(refused.stderr.contains(move), "\(refused.stderr)")
        #expect(Bytes(directory.file("db/step7.sqlite")) == before)

        try FileManager.default.moveItem(
            atPath: directory.file("db/step7.sqlite"), toPath: directory.file("db/step7-kept.sqlite"))
        #expect(try run("step7", ["sync", "v1"]).status == 0)
        let kept = try run("step11", ["rank", "--database", "db/step7-kept.sqlite"])
        #expect(kept.status == 0, "\(kept.stderr)")
    }
}
