import Foundation
import Testing

@testable import CourseRunner

extension BuildStage.SharedChecks {
    /// The practice loop as a learner meets it, through the built runner, on a
    /// copy of the learner's side (LearnerCopy). One folder for every test here,
    /// run one after the other: the checks built for it stay valid from test to
    /// test and from run to run, so only the first run compiles them (step 1
    /// exercises: SQLite's C API, no GRDB).
    @Suite struct PracticeLoopTests {
        static let folder = "practice-loop"
        let manifest: Manifest

        init() throws { manifest = try Manifest.load(root: repositoryRoot) }

        /// A step-1 prediction: its check builds without GRDB, and an edit to
        /// prediction.txt needs no new build, only a new run.
        var predicted: Exercise { get throws { try manifest.exercise("s1-bind-predict") } }

        /// Upper bound for a check that may have to compile first; never a verdict.
        static let checkTimeout = 600.0

        // MARK: - watch, in a terminal

        /// Waits for a check's verdict, which may have to compile the check first.
        func waitForCheck(_ text: String, in terminal: PseudoTerminal) throws {
            try terminal.waitFor(text, timeout: Self.checkTimeout)
        }

        func startWatch(_ copy: LearnerCopy, _ exercise: Exercise) throws -> PseudoTerminal {
            try PseudoTerminal(
                courseExecutable, ["watch", exercise.id], in: copy.root,
                environment: ["COURSE_SCRATCH_PATH": LearnerCopy.buildPath, "TERM": "dumb"])
        }

        @Test(.enabled(if: pseudoTerminalsWork, "needs util-linux's setsid (Linux)"))
        func watchReChecksEverySaveAndMovesOnWhenItPasses() throws {
            let copy = try LearnerCopy(Self.folder)
            defer { copy.remove() }
            let exercise = try predicted
            let terminal = try startWatch(copy, exercise)
            // The untouched starter, checked as watch starts.
            try waitForCheck("✗ Not yet", in: terminal)
            try terminal.waitFor("watch re-checks it when you save", timeout: 10)

            // A wrong prediction, saved: checked again, still failing.
            try write("Blob: inserted\nnothing else\n", to: copy.file(exercise))
            try terminal.waitFor("Changed: ", timeout: 30)
            try waitForCheck("✗ Not yet", in: terminal)

            // The reference prediction, saved: it passes, and watch moves on to
            // the next exercise by the course's rule (the first that does not pass).
            try write(try copy.solution(exercise), to: copy.file(exercise))
            try terminal.waitFor("Changed: ", timeout: 30)
            try waitForCheck("✓ \(exercise.id) passes.", in: terminal)
            let next = try #require(manifest.exercises.first { $0.id != exercise.id })
            try terminal.waitFor("Moving on:", timeout: 30)
            try terminal.waitFor("of \(manifest.exercises.count): \(next.id)", timeout: 30)

            terminal.type("q\n")
            #expect(try terminal.waitForExit(timeout: 30) == 0)
            try terminal.waitFor("Stopped watching.", timeout: 1)
            #expect(!terminal.transcript.contains("check again:"), "watch says what it does, not which command to run")
            #expect(terminal.transcript.components(separatedBy: "passes.").count == 2, "one pass, one announcement")
        }

        @Test(.enabled(if: pseudoTerminalsWork, "needs util-linux's setsid (Linux)"))
        func controlCStopsWatchingCleanly() throws {
            let copy = try LearnerCopy(Self.folder)
            defer { copy.remove() }
            let terminal = try startWatch(copy, try predicted)
            try waitForCheck("✗ Not yet", in: terminal)
            terminal.type("\u{03}")  // Ctrl-C: the terminal sends SIGINT to the program
            #expect(try terminal.waitForExit(timeout: 30) == 0)
            try terminal.waitFor("Stopped watching.", timeout: 1)
        }

        // MARK: - list

        /// A header names the columns, and each step's exercises start under a
        /// line naming the step and its chapter (untouched starters: nothing is built).
        @Test func listNamesItsColumnsAndMarksTheSteps() throws {
            let copy = try LearnerCopy("list")
            defer { copy.remove() }
            let list = copy.course(["list"])
            #expect(list.status == 0, "\(list.output)")
            let lines = list.output.components(separatedBy: "\n")
            #expect(lines.first?.split(separator: " ") == ["#", "status", "id", "kind", "state", "chapter"])
            for step in Set(manifest.exercises.map(\.step)) {
                let first = try #require(manifest.exercises.first { $0.step == step })
                let row = try #require(lines.firstIndex { $0.contains(" \(first.id) ") }, "\(first.id) listed")
                #expect(
                    lines[row - 1] == "── Step \(step) · \(first.chapter) ──", "step \(step) starts above \(first.id)")
            }
            #expect(lines.filter { $0.hasPrefix("── Step ") }.count == Set(manifest.exercises.map(\.step)).count)
        }

        // MARK: - One rule for "the next exercise"

        /// Exercises the learner passed earlier: their files are the solutions and
        /// .course/state.json remembers the passing result, as the runner writes it.
        func passedEarlier(_ ids: [String], in copy: LearnerCopy) throws {
            var progress = try LearnerProgress(checkout: copy.checkout)
            for id in ids {
                let exercise = try manifest.exercise(id)
                try write(try copy.solution(exercise), to: copy.file(exercise))
                let fingerprint = progress.currentFingerprint(exercise)
                progress.change(id) { notes in
                    notes.fingerprint = fingerprint
                    notes.lastResult = CheckResult(stage: .passed, message: "\(id) passes.", seconds: 0)
                }
            }
            try progress.save()
        }

        /// Solves `solved`, checks it, and returns the exercise its "Next:" names
        /// and the one `make ex` then checks.
        func nextAfterSolving(_ solved: String, passedEarlier earlier: [String]) throws -> (
            next: String, makeEx: String
        ) {
            let copy = try LearnerCopy(Self.folder)
            defer { copy.remove() }
            try passedEarlier(earlier, in: copy)
            let exercise = try manifest.exercise(solved)
            try write(try copy.solution(exercise), to: copy.file(exercise))
            let check = copy.course(["check", solved])
            #expect(check.status == 0, "\(check.output)")
            #expect(check.output.components(separatedBy: "passes.").count == 2, "one announcement:\n\(check.output)")
            let afterNext = try #require(check.output.components(separatedBy: "Next:\n").last)
            let makeEx = copy.course([])
            return (exerciseNamed(in: afterNext), exerciseNamed(in: makeEx.output))
        }

        /// The id in the first "── Exercise N of M: id · …" header of an output.
        func exerciseNamed(in output: String) -> String {
            output.firstMatch(of: /── Exercise \d+ of \d+: ([a-z0-9\-]+)/).map { String($0.output.1) } ?? "(none)"
        }

        @Test func solvingInOrderTheNextIsTheOneAfter() throws {
            let (next, makeEx) = try nextAfterSolving(
                "s1-transaction", passedEarlier: ["s1-read-nulls", "s1-finalize"])
            #expect(next == "s1-bind-predict")
            #expect(makeEx == next)
        }

        @Test func solvingOutOfOrderTheNextIsTheFirstUnfinished() throws {
            let (next, makeEx) = try nextAfterSolving("s1-transaction", passedEarlier: ["s1-read-nulls"])
            #expect(next == "s1-finalize")
            #expect(makeEx == next)
        }
    }
}
