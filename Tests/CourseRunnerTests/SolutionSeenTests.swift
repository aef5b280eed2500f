import Foundation
import Testing

@testable import CourseRunner

/// "Solution seen" in the instructor's report means seen *before* the exercise passed:
/// a learner who compares with the reference after passing has not copied it.
@Suite struct SolutionSeenTests {
    @Test func theSolutionCountsAsSeenOnlyWhenShownBeforeThePass() throws {
        let copy = try LearnerCopy("solution-seen")
        defer { copy.remove() }
        let manifest = try Manifest.load(root: repositoryRoot)
        let before = try manifest.exercise("s1-read-nulls")
        let after = try manifest.exercise("s1-finalize")

        // Before the pass: the starter is untouched, the learner asks anyway (--yes).
        let early = copy.course(["solution", before.id, "--yes"])
        #expect(early.status == 0, "\(early.output)")

        // After the pass: the learner's file is the solution, and the last check of that very
        // file passed (remembered as `check` leaves it: no build needed to stage it).
        try copy.solution(after).write(to: copy.file(after), atomically: true, encoding: .utf8)
        var progress = try LearnerProgress(checkout: copy.checkout)
        let fingerprint = progress.currentFingerprint(after)
        progress.change(after.id) { notes in
            notes.fingerprint = fingerprint
            notes.lastResult = CheckResult(stage: .passed, message: "✓", seconds: 0)
        }
        let late = copy.course(["solution", after.id])
        #expect(late.status == 0, "\(late.output)")

        let state = CourseState.load(copy.checkout.stateFile)
        #expect(state[before.id].solutionViewed, "shown before the pass: seen")
        #expect(!state[after.id].solutionViewed, "shown after the pass: not counted as seen")
    }
}
