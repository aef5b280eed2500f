import CourseRunner
import Foundation

/// The runner's shared plumbing for one command.
struct Session {
    /// How the learner gets the next check: by running a command, or by saving
    /// while `watch` runs. A failure's last lines say which.
    enum Loop {
        case command
        case watching
    }

    var progress: LearnerProgress
    var checkout: Checkout { progress.checkout }
    var manifest: Manifest { progress.manifest }

    init() throws {
        progress = try LearnerProgress(checkout: try Checkout.current())
    }

    func save() throws { try progress.save() }

    /// The exercise named on the command line, or the next unfinished one.
    mutating func pick(_ id: String?) throws -> Exercise? {
        if let id { return try manifest.named(id) }
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
            File:    \(checkout.display(checkout.learnerFile(exercise)))
            Chapter: \(exercise.section)
            """
    }

    /// Checks one exercise and prints the outcome; returns whether it passes.
    mutating func checkAndReport(_ exercise: Exercise, loop: Loop = .command) -> Bool {
        print(header(exercise))
        Terminal.flush()
        let result = progress.check(exercise)
        // Ctrl-C during a check (watch) stops its build too: that result means nothing.
        if Interruption.happened { return false }
        print("")
        print(checkOutput(result, of: exercise))
        print("")
        let file = checkout.display(checkout.learnerFile(exercise))
        if result.passed {
            print("✓ \(exercise.id) passes. See how the reference does it: \(command("solution \(exercise.id)"))")
        } else {
            switch loop {
            case .command:
                print(
                    "✗ Not yet. Edit \(file) and check again: \(command("check \(exercise.id)")) "
                        + "(or \(command("watch \(exercise.id)")) to re-check on every save).")
            case .watching:
                print(
                    "✗ Not yet. Edit \(file): watch re-checks it when you save. "
                        + "(q, Enter or Ctrl-C stops; anything else typed is ignored.)")
            }
            let hints = progress.state[exercise.id].hintsUsed
            print(
                hints < 3
                    ? "  Stuck? \(command("hint \(exercise.id)")) (hint \(hints + 1) of 3)."
                    : "  All hints used: \(command("solution \(exercise.id)")) shows the reference solution.")
        }
        Terminal.flush()
        return result.passed
    }

    /// Where a learner who passed `exercise` goes: the next exercise by the
    /// course's one rule (`LearnerProgress.nextUnfinished(after:)`), the command
    /// that checks it (`make ex` alone checks the first unfinished one: the
    /// exercise is named when that is another), and the earlier exercises left
    /// behind, step by step as `list` shows them. nil when every exercise passes.
    mutating func next(after exercise: Exercise) -> (exercise: Exercise, run: String, behind: String?)? {
        guard let next = progress.nextUnfinished(after: exercise) else { return nil }
        let run = progress.nextUnfinished() == next ? command("") : command("check \(next.id)")
        let behind = progress.unfinished(before: next)
        guard !behind.isEmpty else { return (next, run, nil) }
        let steps = behind.map { "step \($0.step) (\($0.count))" }.joined(separator: ", ")
        return (next, run, "Earlier, not passing yet: \(steps). \(command("list")) shows them.")
    }

    /// What the check printed, without its own closing "<id> passes.": the
    /// runner announces a pass once, in its own words.
    func checkOutput(_ result: CheckResult, of exercise: Exercise) -> String {
        var lines = result.message.components(separatedBy: "\n")
        if result.passed, lines.last == "\(exercise.id) passes." { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
