import Foundation
import Testing

@testable import CourseRunner

/// docs/instructors.md's walk-through, in a scratch copy of the package's exercise side (a git
/// checkout of its own, in a fixed folder so that its build stays valid between runs): `course new`
/// adds an SQL exercise, verify and lint pass at once, and an edit that breaks the solution is
/// reported by name. An SQL exercise builds one check, without GRDB: seconds.
@Suite struct ScaffoldTests {
    @Test func aNewExercisePassesVerifyAtOnceAndFailsUsefullyAfterAnEdit() throws {
        let root = repositoryRoot.appendingPathComponent(".build/course-tests/scaffold")
        let manager = FileManager.default
        for name in (try? manager.contentsOfDirectory(atPath: root.path)) ?? [] where name != ".build" {
            try manager.removeItem(at: root.appendingPathComponent(name))
        }
        try manager.createDirectory(at: root.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        for path in [
            "Package.swift", "Exercises", "Solutions", "Checks", "docs", "Sources/CSQLite", "Sources/EditorText",
        ] {
            try manager.copyItem(at: repositoryRoot.appendingPathComponent(path), to: root.appendingPathComponent(path))
        }
        for command in [
            ["git", "init", "-q"], ["git", "add", "-A"],
            ["git", "-c", "user.name=check", "-c", "user.email=check@example.com", "commit", "-qm", "course"],
        ] {
            let result = Shell.run(command, in: root)
            try #require(result.status == 0, "\(command.joined(separator: " ")): \(result.output)")
        }
        func course(_ arguments: [String]) -> Shell.Result { Shell.run([courseExecutable.path] + arguments, in: root) }

        let new = course(["new", "s3-count-rows", "--kind", "sql"])
        #expect(new.status == 0, "\(new.output)")
        let manifest = try Manifest.load(root: root)
        let ids = manifest.exercises.map(\.id)
        #expect(ids.firstIndex(of: "s3-count-rows") == ids.firstIndex(of: "s3-fetch-predict").map { $0 + 1 })
        #expect(PackageList.problems(root: root, manifest) == [])
        let lint = course(["lint"])
        #expect(lint.status == 0, "\(lint.output)")

        let verify = course(["verify", "s3-count-rows"])
        #expect(verify.status == 0, "\(verify.output)")
        #expect(verify.output.contains("✓ s3-count-rows: starter fails at check, solution passes"), "\(verify.output)")

        // The instructor's first edit: the solution written as the mistake. Verify says which file fails and why.
        try write(
            try String(
                contentsOf: root.appendingPathComponent("Checks/s3-count-rows/mistakes/largest-id/query.sql"),
                encoding: .utf8),
            to: root.appendingPathComponent("Solutions/s3-count-rows/query.sql"))
        let broken = course(["verify", "s3-count-rows"])
        #expect(broken.status == 1)
        #expect(broken.output.contains("✗ s3-count-rows: the solution does not pass:"), "\(broken.output)")
        #expect(broken.output.contains("rows, not the largest id (row 3 was deleted)"), "\(broken.output)")
        if let out = ProcessInfo.processInfo.environment["SCAFFOLD_WALK_OUT"] {
            try? Data((new.output + lint.output + "\n" + verify.output + "\n---\n" + broken.output).utf8).write(
                to: URL(fileURLWithPath: out))
        }
    }
}
