import ArgumentParser
import CourseRunner

extension Course {
    /// For instructors: an exercise's id crosses Package.swift's environment, a `swift build` and the check's
    /// own environment before its check runs. This builds the check as `check` does and prints the commands
    /// that do the same by hand, to run (or change) one at a time.
    struct Build: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build an exercise's check as check does, and print the commands that do it by hand.")
        @Argument(help: "The exercise's id (see list).") var id: String

        func run() throws {
            let checkout = try Checkout.current()
            let exercise = try Manifest.load(root: checkout.root).named(id)
            let checker = Checker(checkout: checkout)
            let byHand = checker.commandsByHand(exercise, folder: checkout.exercisesFolder)
            print("By hand, from the repository root: the build of \(exercise.id)'s check,")
            print("  \(byHand.build)")
            print("then the check, on \(checkout.exercisesFolder)/\(exercise.id):")
            print("  \(byHand.check)")
            print("")
            let build = checker.build(exercise, folder: checkout.exercisesFolder)
            guard build.status == 0 else {
                print(build.output)
                print("✗ check-\(exercise.id) did not build (swift build's exit status: \(build.status)).")
                throw ExitCode(1)
            }
            print("✓ check-\(exercise.id) is built.")
        }
    }
}
