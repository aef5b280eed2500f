import ArgumentParser
import CourseRunner

extension Course {
    struct Lint: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check that the manifest, the files on disk and the chapters agree (no build).")

        func run() throws {
            let checkout = try Checkout.current()
            let problems = CourseRunner.Lint(checkout: checkout, manifest: try Manifest.load(root: checkout.root))
                .problems()
            for problem in problems { print("✗ \(problem)") }
            if !problems.isEmpty { throw ExitCode(1) }
            print("✓ manifest, Exercises/, Solutions/, Checks/ and the chapters agree.")
        }
    }
}
