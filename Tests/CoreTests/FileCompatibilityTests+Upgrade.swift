import CourseTestSupport
import Foundation
import Testing

// MARK: - Chapter 11's upgrade of a step 7 file

extension FileCompatibilityTests {
    /// Chapter 11 upgrades a copy of step 7's file: step 11 works on the
    /// copy, and step 7 on its own file, as before. Upgraded in place, the
    /// file is refused by step 7 (older than the file), byte for byte
    /// untouched, with a way that keeps its data: moved aside as the message
    /// says, it still opens in step 11, and step 7 starts afresh.
    @Test func chapterElevensUpgradeOnACopyLeavesStepSevensFileUsable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        func run(_ step: String, _ arguments: [String]) throws -> ProcessResult {
            try StepProcess.run(step, arguments, in: directory)
        }
        #expect(try run("step7", ["sync", "v1"]).status == 0)

        // The chapter's commands: cp, then step 11 on the copy.
        try FileManager.default.copyItem(
            atPath: directory.file("db/step7.sqlite"), toPath: directory.file("db/step11-from-step7.sqlite"))
        let upgrade = try run("step11", ["sync", "v1", "--database", "db/step11-from-step7.sqlite"])
        #expect(upgrade.status == 0, "\(upgrade.stderr)")
        let ranked = try run("step11", ["rank", "--database", "db/step11-from-step7.sqlite"])
        #expect(ranked.status == 0, "\(ranked.stderr)")
        let list = try run("step7", ["list"])
        #expect(list.status == 0 && list.stdout.contains("terre"), "\(list.stdout)\(list.stderr)")

        // Upgraded in place: refused, untouched, with a way that keeps the data.
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
