import Foundation
import Testing

@testable import CourseRunner

/// The suite never reads the learner's work. In a scratch git checkout of the course's
/// exercises (Exercises, Solutions, Checks, docs, committed once), a learner solves
/// s1-finalize, leaves s1-read-nulls half-written, edits the Program.swift of a predict
/// exercise and adds a file of their own. Lint (`make ex ARGS="lint"`, LintTests) gives
/// the same verdict as before, and the starters the suite builds (IsolationTests'
/// copy) are still the committed ones. Without git to go back to, lint does see the
/// edits: the learner state is one lint would catch if it read the working files.
@Suite struct LearnerStateTests {
    /// A git checkout holding a copy of the course's exercise folders, committed. The copy is
    /// the repository's committed one (`git archive HEAD`): the learner running this suite may
    /// have edited their own Exercises/ (the state this test stages is theirs too).
    func scratchCheckout() throws -> URL {
        let root = try scratchFolder("learner")
        // Package.swift too: lint compares its list of exercises with the manifest.
        let folders = ["Exercises", "Solutions", "Checks", "docs", "Package.swift"]
        let archive = Shell.run(
            ["sh", "-c", "git archive HEAD \(folders.joined(separator: " ")) | tar -x -C '\(root.path)'"],
            in: repositoryRoot)
        if archive.status != 0 {  // not a git checkout (a downloaded archive): the folders as they are
            for folder in folders {
                try FileManager.default.copyItem(
                    at: repositoryRoot.appendingPathComponent(folder), to: root.appendingPathComponent(folder))
            }
        }
        for command in [
            ["git", "init", "-q"], ["git", "add", "-A"],
            ["git", "-c", "user.name=course", "-c", "user.email=course@localhost", "commit", "-q", "-m", "starters"],
        ] {
            let result = Shell.run(command, in: root)
            #expect(result.status == 0, "\(command.joined(separator: " ")): \(result.output)")
        }
        return root
    }

    /// Every file under `folder`, by path relative to it.
    func contents(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            files[String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count))] =
                try Data(contentsOf: url)
        }
        return files
    }

    @Test func whatTheLearnerDidChangesNothingTheSuiteSees() throws {
        let root = try scratchCheckout()
        defer { try? FileManager.default.removeItem(at: root) }
        let checkout = Checkout(root: root)
        let manifest = try Manifest.load(root: root)
        let lintBefore = Lint(checkout: checkout, manifest: manifest).problems()
        let pristine = root.appendingPathComponent(".pristine")
        try checkout.copyCommittedExercises(to: pristine)
        let startersBefore = try contents(pristine)

        // The learner's state.
        let exercises = root.appendingPathComponent("Exercises")
        try FileManager.default.removeItem(at: exercises.appendingPathComponent("s1-finalize/Count.swift"))
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("Solutions/s1-finalize/Count.swift"),
            to: exercises.appendingPathComponent("s1-finalize/Count.swift"))
        let scores = exercises.appendingPathComponent("s1-read-nulls/Scores.swift")
        try write(try String(contentsOf: scores, encoding: .utf8) + "    let score = sqlite3_column_\n", to: scores)
        let program = exercises.appendingPathComponent("s1-bind-predict/Program.swift")
        try write(try String(contentsOf: program, encoding: .utf8) + "// What if I bind twice?\n", to: program)
        try write("scratch notes\n", to: exercises.appendingPathComponent("s1-bind-predict/notes.txt"))

        let lintAfter = Lint(checkout: checkout, manifest: manifest).problems()
        #expect(lintBefore == [], "the scratch copy is consistent to begin with")
        #expect(lintAfter == lintBefore)
        try checkout.copyCommittedExercises(to: pristine)
        #expect(try contents(pristine) == startersBefore, "the suite's starters are still the committed ones")

        // The same state, read from disk (no commit to go back to): lint sees the edits.
        var working = Lint(checkout: checkout, manifest: manifest)
        working.readsCommittedExercises = false
        let seen = working.problems()
        #expect(seen.contains { $0.hasPrefix("s1-bind-predict: Program.swift differs") }, "\(seen)")
    }
}
