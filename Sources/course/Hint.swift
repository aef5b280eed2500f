import ArgumentParser
import CourseRunner

extension Course {
    struct Hint: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The next hint (three per exercise, gentle to explicit).")
        @Argument(help: "The exercise's id. Default: the next unfinished one.") var id: String?

        func run() throws {
            var session = try Session()
            guard let exercise = try session.pick(id) else {
                print("Every exercise passes.")
                return
            }
            // Read and raised in one change of the state file: a hint asked for in another terminal counts too.
            let level = session.progress.change(exercise.id) { notes in
                let level = min(notes.hintsUsed, exercise.hints.count - 1)
                notes.hintsUsed = min(notes.hintsUsed + 1, exercise.hints.count)
                return level
            }
            try session.save()
            print("Hint \(level + 1) of \(exercise.hints.count) for \(exercise.id):")
            print("  " + exercise.hints[level])
            if level + 1 < exercise.hints.count {
                print("\(command("hint \(exercise.id)")) again for a more explicit one.")
            } else {
                print(
                    "That was the last hint. The chapter section: \(exercise.section). "
                        + "The reference solution: \(command("solution \(exercise.id)")).")
            }
        }
    }
}
