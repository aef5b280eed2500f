import CourseRunner
import Foundation

/// The runner's shared plumbing for one command.
struct Session {
    var progress: LearnerProgress
    var workspace: Workspace { progress.workspace }
    var manifest: Manifest { progress.manifest }

    init() throws {
        progress = try LearnerProgress(workspace: try Workspace.current())
    }

    func save() throws { try progress.save() }

    /// The exercise named on the command line, or the next unfinished one.
    mutating func pick(_ id: String?) throws -> Exercise? {
        if let id { return try manifest.exercise(id) }
        return progress.nextUnfinished()
    }

    func header(_ exercise: Exercise) -> String {
        let number = (manifest.exercises.firstIndex(of: exercise) ?? 0) + 1
        let kind =
            [
                "write": "write the code", "fix": "fix the bug", "predict": "predict the output",
                "sql": "write the SQL",
            ][exercise.kind.rawValue] ?? exercise.kind.rawValue
        return """
            ── Exercise \(number) of \(manifest.exercises.count): \(exercise.id) · \(kind) · step \(exercise.step)
            Task:    \(exercise.task)
            File:    \(workspace.display(workspace.learnerFile(exercise)))
            Chapter: \(exercise.section)
            """
    }

    /// Checks one exercise and prints the outcome; returns whether it passes.
    mutating func checkAndReport(_ exercise: Exercise) -> Bool {
        print(header(exercise))
        let result = progress.check(exercise)
        print("")
        print(result.message)
        print("")
        if result.passed {
            print("✓ \(exercise.id) passes. See how the reference does it: \(command("solution \(exercise.id)"))")
        } else {
            let hints = progress.state[exercise.id].hintsUsed
            print(
                "✗ Not yet. Edit \(workspace.display(workspace.learnerFile(exercise))) and check again: "
                    + "\(command("check \(exercise.id)")) (or \(command("watch")) to re-check on every save).")
            print(
                hints < 3
                    ? "  Stuck? \(command("hint \(exercise.id)")) (hint \(hints + 1) of 3)."
                    : "  All hints used: \(command("solution \(exercise.id)")) shows the reference solution.")
        }
        fflush(nil)
        return result.passed
    }
}
