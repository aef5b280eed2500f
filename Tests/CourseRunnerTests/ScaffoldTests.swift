import Foundation
import Testing

@testable import CourseRunner

extension BuildStage {
    /// docs/instructors.md's walk-through, in a scratch copy of the package's exercise side (a git
    /// checkout of its own, in a fixed folder so that its build stays valid between runs): `course new`
    /// adds an SQL exercise, verify and lint pass at once, and an edit that breaks the solution fails
    /// with the words of the rule it breaks. An SQL exercise builds one check, without GRDB. In the build stage:
    /// verify runs swift build.
    @Suite struct ScaffoldTests {
        /// The scratch package at `root`, made from `repository`'s exercise side and committed in a git
        /// checkout of its own. Exercises/ as `repository` last committed it: a learner's work in progress (a
        /// solved exercise, a half-written one, a note in a prediction) is no test's business, and must not
        /// fail `make test` (VerifierTests.theScaffoldsPackageHoldsTheCommittedExercisesWhateverTheLearnerDid).
        static func makeScratchPackage(from repository: URL, at root: URL) throws {
            let manager = FileManager.default
            // Files rewritten only where they differ (Verifier.mirror): unchanged sources keep their dates, and
            // the scratch copy's .build stays valid from one run to the next.
            let mirror = Verifier(checkout: Checkout(root: repository))
            for folder in ["Solutions", "Checks", "docs", "Sources/CSQLite", "Sources/EditorText"] {
                mirror.mirror(repository.appendingPathComponent(folder), to: root.appendingPathComponent(folder))
            }
            let committed = root.deletingLastPathComponent().appendingPathComponent(
                root.lastPathComponent + "-exercises")
            try? manager.removeItem(at: committed)
            try manager.createDirectory(at: committed, withIntermediateDirectories: true)
            defer { try? manager.removeItem(at: committed) }
            try extractCommitted("Exercises", of: repository, into: committed)
            mirror.mirror(committed.appendingPathComponent("Exercises"), to: root.appendingPathComponent("Exercises"))
            if let package = try? Data(contentsOf: repository.appendingPathComponent("Package.swift")),
                (try? Data(contentsOf: root.appendingPathComponent("Package.swift"))) != package
            {
                try package.write(to: root.appendingPathComponent("Package.swift"))
            }
            for folder in ["Exercises", "Solutions", "Checks"] {  // mirror leaves the last run's folders, empty
                try? manager.removeItem(at: root.appendingPathComponent("\(folder)/s3-count-rows"))
            }
            try? manager.removeItem(at: root.appendingPathComponent(".git"))
            try write(".build/\n", to: root.appendingPathComponent(".gitignore"))  // as the repository's
            for command in [
                ["git", "init", "-q"], ["git", "add", "-A"],
                ["git", "-c", "user.name=check", "-c", "user.email=check@example.com", "commit", "-qm", "course"],
            ] {
                let result = Shell.run(command, in: root)
                try #require(result.status == 0, "\(command.joined(separator: " ")): \(result.output)")
            }
        }

        @Test func aNewExercisePassesVerifyAtOnceAndFailsUsefullyAfterAnEdit() throws {
            let root = repositoryRoot.appendingPathComponent(".build/course-tests/scaffold")
            try Self.makeScratchPackage(from: repositoryRoot, at: root)
            func course(_ arguments: [String]) -> Shell.Result {
                Shell.run([courseExecutable.path] + arguments, in: root)
            }

            let new = course(["new", "s3-count-rows", "--kind", "sql"])
            #expect(new.status == 0, "\(new.output)")
            let manifest = try Manifest.load(root: root)
            let ids = manifest.exercises.map(\.id)
            #expect(ids.firstIndex(of: "s3-count-rows") == ids.firstIndex(of: "s3-fetch-predict").map { $0 + 1 })
            #expect(PackageList.problems(root: root, manifest) == [])
            // Lint fails while the scaffold's placeholders stand: an unfinished exercise cannot pass make test or CI.
            let unfinished = course(["lint"])
            #expect(unfinished.status == 1, "\(unfinished.output)")
            #expect(
                unfinished.output.contains(
                    "✗ s3-count-rows: the manifest still says \"TODO (instructor)\": write the task and the hints"),
                "\(unfinished.output)")

            // Verify proves the machinery at once, and names what is left to write.
            let verify = course(["verify", "s3-count-rows"])
            #expect(verify.status == 0, "\(verify.output)")
            #expect(
                verify.output.contains("✓ s3-count-rows: starter fails at check, solution passes"), "\(verify.output)")
            #expect(verify.output.contains("· to write: s3-count-rows: "), "\(verify.output)")

            // The instructor writes the words (here the scaffold's own, without their mark): lint passes.
            let written =
                ["Exercises/manifest.json", "docs/03-players-and-teams.md"].map(root.appendingPathComponent)
                + ["Exercises", "Solutions", "Checks"].flatMap { folder in
                    let url = root.appendingPathComponent("\(folder)/s3-count-rows")
                    return (FileManager.default.enumerator(atPath: url.path)?.allObjects as? [String] ?? [])
                        .map(url.appendingPathComponent)
                }
            for file in written {
                guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }  // a folder
                try write(text.replacingOccurrences(of: "TODO (instructor): ", with: ""), to: file)
            }
            let lint = course(["lint"])
            #expect(lint.status == 0, "\(lint.output)")

            // The instructor's first edit: the solution written as the mistake. Its check, built by verify above,
            // says which rule it breaks: the words verify prints under "the solution does not pass" (a second
            // verify would only add a no-op build, seconds of SwiftPM planning).
            try write(
                try String(
                    contentsOf: root.appendingPathComponent("Checks/s3-count-rows/mistakes/largest-id/query.sql"),
                    encoding: .utf8),
                to: root.appendingPathComponent("Solutions/s3-count-rows/query.sql"))
            var checker = Checker(checkout: Checkout(root: root))
            checker.scratchPath = root.appendingPathComponent(".build")
            let broken = checker.run(try manifest.exercise("s3-count-rows"), folder: "Solutions")
            #expect(!broken.passed)
            #expect(
                broken.message.contains("✗ the number of rows of item: rows, not the largest id (row 3 was deleted)"),
                "\(broken.message)")
            if let out = ProcessInfo.processInfo.environment["SCAFFOLD_WALK_OUT"] {
                try? Data(
                    (new.output + unfinished.output + lint.output + "\n" + verify.output + "\n---\n" + broken.message)
                        .utf8
                ).write(
                    to: URL(fileURLWithPath: out))
            }
        }
    }
}
