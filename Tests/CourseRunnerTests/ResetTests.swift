import Foundation
import Testing

@testable import CourseRunner

/// `reset` never loses what the learner wrote: the file it replaces is kept in
/// .course/backup, and the same message says where.
@Suite struct ResetTests {
    @Test func resetKeepsTheLearnersFileAndTheirCounts() throws {
        let copy = try LearnerCopy("reset")
        defer { copy.remove() }
        let exercise = try Manifest.load(root: repositoryRoot).exercise("s1-finalize")
        let starter = try String(contentsOf: copy.file(exercise), encoding: .utf8)
        let mine = starter + "// my half-finished attempt\n"
        try write(mine, to: copy.file(exercise))
        var state = CourseState()
        state[exercise.id].attempts = 4
        state[exercise.id].hintsUsed = 2
        try state.save(copy.checkout.stateFile)

        let reset = copy.course(["reset", exercise.id, "--yes"])
        #expect(reset.status == 0, "\(reset.output)")
        #expect(try String(contentsOf: copy.file(exercise), encoding: .utf8) == starter)
        let folder = copy.root.appendingPathComponent(".course/backup/\(exercise.id)")
        let backups = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(backups.count == 1 && backups[0].hasPrefix(exercise.file + "."))
        let backup = folder.appendingPathComponent(backups.first ?? "")
        #expect(try String(contentsOf: backup, encoding: .utf8) == mine)
        #expect(reset.output.contains("yours is in .build/course-tests/reset/.course/backup/\(exercise.id)/"))
        let kept = CourseState.load(copy.checkout.stateFile)[exercise.id]
        #expect(kept.attempts == 4 && kept.hintsUsed == 2, "reset keeps the counts")

        // --all starts every exercise over, counts included; the second backup does not replace the first.
        try write(mine, to: copy.file(exercise))
        let all = copy.course(["reset", "--all", "--yes"])
        #expect(all.status == 0, "\(all.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 2)
        #expect(CourseState.load(copy.checkout.stateFile)[exercise.id] == ExerciseState())
    }
}
