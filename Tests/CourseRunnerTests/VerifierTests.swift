import Foundation
import Testing

@testable import CourseRunner

/// `course verify` never reads the learner's work, and tells wrong answers
/// apart. The learner's state is staged in a scratch git checkout of the
/// committed Exercises/ (removed afterwards): solved, broken, edited, added
/// and deleted files. The folder verify builds the starters from must hold the
/// committed files, byte for byte, whatever that state.
@Suite struct VerifierTests {
    /// A scratch checkout: the committed Exercises/ (from this repository's
    /// HEAD), committed again in a git repository of its own, or (git: false)
    /// a plain folder inside this repository's .build, not a checkout's root.
    func scratchCheckout(git: Bool) throws -> URL {
        let root = try scratchFolder("verifier")
        let unpack = Shell.run(
            ["sh", "-c", "git archive --format=tar HEAD Exercises | tar -x -C \"$1\"", "sh", root.path],
            in: repositoryRoot)
        try #require(unpack.status == 0, "git archive: \(unpack.output)")
        if git {
            for command in [
                ["git", "init", "-q"], ["git", "add", "-A"],
                ["git", "-c", "user.name=check", "-c", "user.email=check@example.com", "commit", "-qm", "starters"],
            ] {
                let result = Shell.run(command, in: root)
                try #require(result.status == 0, "\(command.joined(separator: " ")): \(result.output)")
            }
        }
        return root
    }

    /// Solves one exercise, breaks another, edits a predict exercise's
    /// Program.swift, adds a file and deletes one: what a learner may leave.
    func actLikeALearner(in root: URL) throws {
        let exercises = root.appendingPathComponent("Exercises")
        try write(
            try String(
                contentsOf: repositoryRoot.appendingPathComponent("Solutions/s1-finalize/Count.swift"), encoding: .utf8),
            to: exercises.appendingPathComponent("s1-finalize/Count.swift"))
        try write(
            "func readScores(_ db: OpaquePointer) -> {\n",
            to: exercises.appendingPathComponent("s1-read-nulls/Scores.swift"))
        let program = exercises.appendingPathComponent("s1-bind-predict/Program.swift")
        try write(try String(contentsOf: program, encoding: .utf8) + "// what does this print?\n", to: program)
        try write("Blob: inserted\n", to: exercises.appendingPathComponent("s1-bind-predict/prediction.txt"))
        try write("let notes = 1\n", to: exercises.appendingPathComponent("s1-transaction/Notes.swift"))
        try FileManager.default.removeItem(at: exercises.appendingPathComponent("s2-read-for-write/Rename.swift"))
    }

    /// Every file under a folder, relative path → contents.
    func contents(of folder: URL) -> [String: Data] {
        let verifier = Verifier(checkout: Checkout(root: folder))
        return Dictionary(
            uniqueKeysWithValues: verifier.files(under: folder).map {
                ($0, FileManager.default.contents(atPath: folder.path + "/" + $0) ?? Data())
            })
    }

    /// A scratch checkout (git) after `actLikeALearner`, and its Exercises/ as committed, file by file.
    func checkoutOfALearnerAtWork() throws -> (root: URL, committed: [String: Data]) {
        let root = try scratchCheckout(git: true)
        let committed = contents(of: root.appendingPathComponent("Exercises"))
        try actLikeALearner(in: root)
        #expect(contents(of: root.appendingPathComponent("Exercises")) != committed, "the learner changed files")
        return (root, committed)
    }

    @Test func theStartersVerifyBuildsAreTheCommittedOnesWhateverTheLearnerDid() throws {
        let (root, committed) = try checkoutOfALearnerAtWork()
        defer { try? FileManager.default.removeItem(at: root) }

        let verifier = Verifier(checkout: Checkout(root: root))
        let (folder, note) = verifier.pristineStarters()
        #expect(contents(of: root.appendingPathComponent(folder)) == committed)
        #expect(
            note?.contains("Exercises/s1-finalize/Count.swift, Exercises/s1-read-nulls/Scores.swift") == true,
            "verify says it does not use the edited files: \(note ?? "")")
        // A second run over a stale copy (a file added there) still ends pristine.
        try write("stale\n", to: root.appendingPathComponent("\(folder)/s1-finalize/Stale.swift"))
        _ = verifier.pristineStarters()
        #expect(contents(of: root.appendingPathComponent(folder)) == committed)
        #expect(
            !FileManager.default.fileExists(atPath: verifier.checkout.scratch.appendingPathComponent("unpacked").path))
    }

    @Test func anExerciseNotCommittedYetIsVerifiedAsItIsOnDisk() throws {
        let root = try scratchCheckout(git: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try write("-- a new exercise\n", to: root.appendingPathComponent("Exercises/s9-new-sql/query.sql"))
        let verifier = Verifier(checkout: Checkout(root: root))
        let (folder, note) = verifier.pristineStarters()
        #expect(note == "Exercises/s9-new-sql is not committed yet: its starter is verified as it is on disk.")
        #expect(
            contents(of: root.appendingPathComponent("\(folder)/s9-new-sql")) == [
                "query.sql": Data("-- a new exercise\n".utf8)
            ])
    }

    /// An instructor adding an exercise edits the manifest; verify reads it from disk (the new entry
    /// is found) and says so, and never counts it among the starters it takes from git.
    @Test func anEditedManifestIsSaidToBeReadFromDisk() throws {
        let root = try scratchCheckout(git: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let manifest = root.appendingPathComponent("Exercises/manifest.json")
        try write(try String(contentsOf: manifest, encoding: .utf8) + "\n", to: manifest)
        let (_, note) = Verifier(checkout: Checkout(root: root)).pristineStarters()
        #expect(note == "Exercises/manifest.json is edited: verified as it is on disk (exercises, hints, mistakes).")
        // With a starter edited too, the starter alone is named as not used.
        try write("let count = 1\n", to: root.appendingPathComponent("Exercises/s1-finalize/Count.swift"))
        let (_, both) = Verifier(checkout: Checkout(root: root)).pristineStarters()
        #expect(
            both?.hasSuffix("not the files edited on disk: Exercises/s1-finalize/Count.swift.") == true,
            "\(both ?? "")")
    }

    @Test func outsideAGitCheckoutVerifySaysItUsesTheFilesOnDisk() throws {
        let root = try scratchCheckout(git: false)
        defer { try? FileManager.default.removeItem(at: root) }
        try actLikeALearner(in: root)
        let (folder, note) = Verifier(checkout: Checkout(root: root)).pristineStarters()
        #expect(note?.contains("Not a git checkout") == true)
        #expect(
            contents(of: root.appendingPathComponent(folder)) == contents(of: root.appendingPathComponent("Exercises")))
    }

    /// The failures issue 34 found, as the checks printed them: each is caught;
    /// the same failures reworded as sentences are not.
    @Test func aFailureThatRepeatsItselfOrStopsMidSentenceIsAProblem() {
        let bad = [
            "✗ a refused edit: editPrice(db, id: 1, price: -1) must throw returned normally",
            "✗ searches: % is just a percent sign: % is just a percent sign (\"100%\"): a wildcard still",
            "✗ searches: names ending with the text of",
            "✗ the products with the word smoked, best match first: best match first: bm25's lowest score is the best",
            "✗ reads the rows:",
        ]
        for line in bad { #expect(!MessageStyle.problems("✓ first part\n" + line).isEmpty, "\(line)") }
        let good = [
            "✗ a refused edit: editPrice(db, id: 1, price: -1) returned normally: it must throw",
            "✗ searches: % is just a percent sign: the search for \"100%\" also finds [\"1000 Teas\"]",
            "✗ every product with the word smoked, Hot-Smoked Mackerel too",
            "✗ reads the points of Blob (12), Blob Jr (NULL) and Blob Sr (0)",
            "✗ a good payload replaces the cache: a good payload left the cache as it was",
            "✗ is refused: PRAGMA foreign_key_check lists the rows that break a key; it turns no enforcement on",
        ]
        for line in good { #expect(MessageStyle.problems(line).isEmpty, "\(line): \(MessageStyle.problems(line))") }
    }

    @Test func twoWrongAnswersToldTheSameWordsAreAProblem() {
        let verifier = Verifier(checkout: Checkout(root: repositoryRoot))
        let same = "✗ adds nothing when one name is refused: the rows inserted before the refused one are still saved"
        #expect(verifier.sameWords([(same, "the starter"), ("✗ other", "a"), (same, "b")]).count == 1)
        #expect(verifier.sameWords([(same, "the starter"), ("✗ other", "a"), (nil, "b")]).isEmpty)
        #expect(verifier.firstFailure("✓ one\n✗ two: why\n  expected: x") == "✗ two: why")
    }
    /// A failing prediction may not show a line the program prints (the learner would copy it); any
    /// other kind of exercise runs the learner's program, so its check may show the output.
    @Test func onlyAPredictionIsForbiddenToShowWhatTheProgramPrints() throws {
        let manifest = try Manifest.load(root: repositoryRoot)
        let predict = try #require(manifest.exercises.first { $0.kind == .predict })
        let write = try #require(manifest.exercises.first { $0.kind != .predict })
        let verifier = Verifier(checkout: Checkout(root: repositoryRoot))
        let solution = CheckResult(stage: .passed, message: "✓ predicted\n  | Blob is on team 1\n", seconds: 0)
        let wrong = CheckResult(stage: .check, message: "✗ line 1 differs\n  Blob is on team 1\n", seconds: 0)
        #expect(
            verifier.predictionLeaks(predict, wrong, solution: solution) == [
                "a failing prediction shows what Program.swift prints: [\"Blob is on team 1\"]"
            ])
        #expect(verifier.predictionLeaks(write, wrong, solution: solution).isEmpty)
    }

    /// The learner's work never fails `make test`: the scratch package the build stage's ScaffoldTests lints and
    /// verifies, made from a checkout where a learner solved s1-finalize, left s1-read-nulls half-written and
    /// added a note to s1-bind-predict's Program.swift (actLikeALearner), holds the committed starters, byte for byte.
    @Test func theScaffoldsPackageHoldsTheCommittedExercisesWhateverTheLearnerDid() throws {
        let (checkout, committed) = try checkoutOfALearnerAtWork()
        defer { try? FileManager.default.removeItem(at: checkout) }
        let package = try scratchFolder("scaffold-of-a-learner")
        defer { try? FileManager.default.removeItem(at: package) }
        try BuildStage.ScaffoldTests.makeScratchPackage(from: checkout, at: package)
        #expect(contents(of: package.appendingPathComponent("Exercises")) == committed)
    }
}
