import ArgumentParser
import CourseRunner

extension Course {
    struct Solution: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "The reference solution, as a diff against your file (after your check passes, or if you confirm).")
        @Argument(help: "The exercise's id. Default: the next unfinished one.") var id: String?
        @Flag(help: "Show it without asking, even before your check passes.") var yes = false

        func run() throws {
            var session = try Session()
            guard let exercise = try session.pick(id) else {
                print("Every exercise passes.")
                return
            }
            let passes = session.progress.status(exercise).0 == .passed
            if !passes, !Terminal.confirm("\(exercise.id) does not pass yet. Show the solution anyway?", yes: yes) {
                try session.save()
                throw ExitCode(1)
            }
            // "Solution seen" in the report means seen before the pass: after it, the learner compares.
            if !passes { session.progress.change(exercise.id) { $0.solutionViewed = true } }
            try session.save()
            print("Your file against the reference solution (- yours, + reference):\n")
            print(
                Terminal.diff(
                    session.checkout.learnerFile(exercise), session.checkout.solutionFile(exercise),
                    checkout: session.checkout))
        }
    }
}
