import ArgumentParser
import CourseRunner

extension Course {
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check an exercise: the one given, or the next unfinished.")
        @Argument(help: "The exercise's id (see list). Default: the next unfinished one.") var id: String?
        @Option(help: .hidden) var folder: String?  // a scratch copy of Exercises/ (scripts/bench-exercises.sh)

        func run() throws {
            var session = try Session()
            if let folder {
                let exercise = try session.manifest.named(id ?? "")
                let result = session.progress.checker.check(exercise, folder: folder)
                print(result.message)
                if !result.passed { throw ExitCode(1) }
                return
            }
            let picked = try session.pick(id)
            if id == nil {
                for done in session.progress.newlyPassed {
                    print(
                        "✓ \(done) passes now. Well done. \(command("solution \(done)")) compares yours with the reference.\n"
                    )
                }
            }
            guard let exercise = picked else {
                print("Every exercise passes. \(command("report")) writes your report.")
                try session.save()
                return
            }
            let passed = session.checkAndReport(exercise)
            // The next exercise by the one rule `make ex` follows (LearnerProgress.nextUnfinished).
            if passed {
                if let next = session.next(after: exercise) {
                    print("")
                    print("Next:")
                    print(session.header(next.exercise))
                    print("Run \(next.run) to check it.")
                    if let behind = next.behind { print(behind) }
                } else {
                    print("\nEvery exercise passes. \(command("report")) writes your report.")
                }
            }
            try session.save()
            if !passed { throw ExitCode(1) }
        }
    }
}
