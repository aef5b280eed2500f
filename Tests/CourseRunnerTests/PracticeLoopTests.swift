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
            // the next exercise by the course's rule: step 1 has none after it,
            // so the first of its step that does not pass.
            try write(try copy.solution(exercise), to: copy.file(exercise))
            try terminal.waitFor("Changed: ", timeout: 30)
            try waitForCheck("✓ \(exercise.id) passes.", in: terminal)
            let next = try #require(manifest.exercises.first { $0.step == exercise.step && $0.id != exercise.id })
            try terminal.waitFor("Moving on:", timeout: 30)
            try terminal.waitFor("of \(manifest.exercises.count): \(next.id)", timeout: 30)

            terminal.type("q\n")
            #expect(try terminal.waitForExit(timeout: 30) == 0)
            try terminal.waitFor("Stopped watching.", timeout: 1)
            #expect(!terminal.transcript.contains("check again:"), "watch says what it does, not which command to run")
            #expect(terminal.transcript.components(separatedBy: "passes.").count == 2, "one pass, one announcement")
        }

        /// Starts watch on the untouched starter, waits for its first check, types each
        /// of `keys` in turn (waiting for what it should show, if anything), and checks
        /// that watch then stops as it says: status 0, its last line, the terminal back
        /// in canonical mode (watch reads key by key while it runs).
        @discardableResult
        func stopsCleanly(after keys: [(typed: String, shows: String?)]) throws -> PseudoTerminal {
            let copy = try LearnerCopy(Self.folder)
            defer { copy.remove() }
            let terminal = try startWatch(copy, try predicted)
            try waitForCheck("(q, Enter or Ctrl-C stops; anything else typed is ignored.)", in: terminal)
            for (typed, shows) in keys {
                terminal.type(typed)
                if let shows { try terminal.waitFor(shows, timeout: 30) }
            }
            #expect(try terminal.waitForExit(timeout: 30) == 0)
            try terminal.waitFor("Stopped watching. make ex ARGS=\"watch s1-bind-predict\" starts again.", timeout: 1)
            #expect(terminal.isCanonical, "the terminal reads lines again after watch")
            return terminal
        }

        @Test(.enabled(if: pseudoTerminalsWork, "needs util-linux's setsid (Linux)"))
        func controlCStopsWatchingCleanly() throws {
            try stopsCleanly(after: [("\u{03}", nil)])  // Ctrl-C: the terminal sends SIGINT to the program
        }

        /// A single `q`, without Enter, stops.
        @Test(.enabled(if: pseudoTerminalsWork, "needs util-linux's setsid (Linux)"))
        func aSingleQStopsWithoutEnter() throws {
            try stopsCleanly(after: [("q", nil)])
        }

        /// Other keys are ignored, and watch says so once per line; the Enter that
        /// ends such a line (a command typed into the wrong window) does not stop
        /// it; Enter alone does.
        @Test(.enabled(if: pseudoTerminalsWork, "needs util-linux's setsid (Linux)"))
        func typedInputIsIgnoredAndEnterAloneStops() throws {
            let ignored = "(watch ignores what you type: q, Enter or Ctrl-C stops it.)"
            // Still watching after the first line: the second is ignored in its turn (said again
            // only if watch still runs). A line that starts with q would stop: q is the first key read.
            let terminal = try stopsCleanly(after: [("make ex\n", ignored), ("list\n", ignored), ("\n", nil)])
            #expect(terminal.transcript.components(separatedBy: ignored).count == 3, "once per line typed")
        }

        /// A learner who chose an exercise stays where they are: after passing
        /// s1-transaction with the two before it unfinished, watch moves on to the
        /// one after it, and counts the two skipped, as `list` shows them.
        @Test(.enabled(if: pseudoTerminalsWork, "needs util-linux's setsid (Linux)"))
        func watchMovesOnToTheExerciseAfterTheOneChosen() throws {
            let copy = try LearnerCopy(Self.folder)
            defer { copy.remove() }
            let chosen = try manifest.exercise("s1-transaction")
            try write(try copy.solution(chosen), to: copy.file(chosen))
            let terminal = try startWatch(copy, chosen)
            try waitForCheck("✓ s1-transaction passes.", in: terminal)
            try terminal.waitFor("Moving on:", timeout: 30)
            try terminal.waitFor("of \(manifest.exercises.count): s1-bind-predict", timeout: 30)
            try terminal.waitFor("Earlier, not passing yet: step 1 (2). make ex ARGS=\"list\" shows them.", timeout: 30)
            terminal.type("q")
            #expect(try terminal.waitForExit(timeout: 30) == 0)
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

        /// Each `hint` gives the next one, from gentle to explicit, and says how to ask for more; after the
        /// last, it says so and where the chapter's section and the solution are.
        @Test func hintsGoFromGentleToExplicit() throws {
            let copy = try LearnerCopy("hints")
            defer { copy.remove() }
            let exercise = try manifest.exercise("s1-read-nulls")
            for (index, hint) in exercise.hints.enumerated() {
                let run = copy.course(["hint", exercise.id])
                #expect(run.status == 0, "\(run.output)")
                #expect(
                    run.output.contains(
                        "Hint \(index + 1) of \(exercise.hints.count) for \(exercise.id):\n  \(hint)\n"),
                    "\(run.output)")
                let more = "make ex ARGS=\"hint \(exercise.id)\" again for a more explicit one."
                #expect(run.output.contains(more) == (index + 1 < exercise.hints.count), "\(run.output)")
            }
            let after = copy.course(["hint", exercise.id])
            #expect(after.output.contains("That was the last hint."), "\(after.output)")
        }

        /// The last line counts what passes: nothing on untouched starters, then the exercises passed earlier.
        @Test func listCountsWhatPasses() throws {
            let copy = try LearnerCopy("list-count")
            defer { copy.remove() }
            let total = manifest.exercises.count
            #expect(
                copy.course(["list"]).output.contains("\n0 of \(total) pass. make ex checks the next unfinished one."))
            try passedEarlier(["s1-read-nulls", "s1-finalize"], in: copy)
            let list = copy.course(["list"])
            #expect(list.output.contains("\n2 of \(total) pass."), "\(list.output)")
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

        /// Solves `solved`, checks it, and returns the exercise its "Next:" names,
        /// the one `make ex` then checks, and what the check printed.
        func nextAfterSolving(_ solved: String, passedEarlier earlier: [String]) throws -> (
            next: String, makeEx: String, output: String
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
            return (exerciseNamed(in: afterNext), exerciseNamed(in: makeEx.output), check.output)
        }

        /// The id in the first "── Exercise N of M: id · …" header of an output.
        func exerciseNamed(in output: String) -> String {
            output.firstMatch(of: /── Exercise \d+ of \d+: ([a-z0-9\-]+)/).map { String($0.output.1) } ?? "(none)"
        }

        @Test func solvingInOrderTheNextIsTheOneAfter() throws {
            let (next, makeEx, output) = try nextAfterSolving(
                "s1-transaction", passedEarlier: ["s1-read-nulls", "s1-finalize"])
            #expect(next == "s1-bind-predict")
            #expect(makeEx == next)
            #expect(output.contains("Run make ex to check it."), "\(output)")
            #expect(!output.contains("Earlier, not passing yet"), "\(output)")
        }

        /// A named check that passes: "Next:" names the exercise after it, says how
        /// to check that one (`make ex` alone goes back to the skipped one) and
        /// where the skipped ones are; a failing one offers to watch that exercise.
        @Test func solvingOutOfOrderTheNextIsTheOneAfterAndTheSkippedAreNamed() throws {
            let (next, makeEx, output) = try nextAfterSolving("s1-transaction", passedEarlier: ["s1-read-nulls"])
            #expect(next == "s1-bind-predict")
            #expect(makeEx == "s1-finalize")
            #expect(output.contains("Run make ex ARGS=\"check s1-bind-predict\" to check it."), "\(output)")
            #expect(
                output.contains("Earlier, not passing yet: step 1 (1). make ex ARGS=\"list\" shows them."), "\(output)")
            let copy = try LearnerCopy(Self.folder)
            defer { copy.remove() }
            // A prediction's check reads prediction.txt when it runs (no build): the starter's fails for sure.
            let failing = copy.course(["check", "s1-bind-predict"])
            #expect(
                failing.output.contains("(or make ex ARGS=\"watch s1-bind-predict\" to re-check on every save)"),
                "\(failing.output)")
        }

        /// The last exercise to pass says that every exercise passes and how to write the report, and names
        /// no next one.
        @Test func theLastExerciseToPassSaysEveryExercisePasses() throws {
            let copy = try LearnerCopy(Self.folder)
            defer { copy.remove() }
            let last = "s1-bind-predict"  // a prediction: its check reads prediction.txt
            try passedEarlier(manifest.exercises.map(\.id).filter { $0 != last }, in: copy)
            let exercise = try manifest.exercise(last)
            try write(try copy.solution(exercise), to: copy.file(exercise))
            let check = copy.course(["check", last])
            #expect(check.status == 0, "\(check.output)")
            #expect(
                check.output.contains("\nEvery exercise passes. make ex ARGS=\"report\" writes your report."),
                "\(check.output)")
            #expect(!check.output.contains("Next:"), "\(check.output)")
        }

        // MARK: - The rule itself, on untouched starters and remembered passes (nothing built)

        @Test func afterAnExerciseItsOwnStepComesFirst() throws {
            let copy = try LearnerCopy(Self.folder)
            defer { copy.remove() }
            var progress = try LearnerProgress(checkout: copy.checkout)
            // Nothing passes: make ex starts at the top, a learner on step 11 stays in step 11.
            #expect(progress.nextUnfinished()?.id == manifest.exercises.first?.id)
            #expect(progress.nextUnfinished(after: try manifest.exercise("s11-rank-sql"))?.id == "s11-upsert-predict")
            // The last of step 1: the unfinished ones of its own step before the next step's.
            #expect(progress.nextUnfinished(after: try manifest.exercise("s1-bind-predict"))?.id == "s1-read-nulls")

            try passedEarlier(["s11-upsert-predict", "s11-index-fix", "s11-rank-sql"], in: copy)
            progress = try LearnerProgress(checkout: copy.checkout)
            #expect(progress.nextUnfinished(after: try manifest.exercise("s11-rank-sql"))?.id == "s11-orbit-write")
            // Step 11 done but for the one just left: then from the top (no step after 11).
            let last = try manifest.exercise("s11-orbit-write")
            #expect(progress.nextUnfinished(after: last)?.id == manifest.exercises.first?.id)

            // The skipped ones before s11-orbit-write, by step, as list shows them: every exercise before step 11.
            let counts = progress.unfinished(before: last)
            let expected = Dictionary(grouping: manifest.exercises.filter { $0.step < 11 }, by: \.step)
            #expect(counts.map(\.step) == expected.keys.sorted())
            #expect(counts.map(\.count) == expected.keys.sorted().map { expected[$0]?.count ?? 0 })
        }
    }
}
