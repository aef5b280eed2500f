import ArgumentParser
import CourseRunner

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that the manifest, the files on disk and the chapters agree (no build).")

    func run() throws {
        let workspace = try Workspace.current()
        let problems = CourseRunner.Lint(workspace: workspace, manifest: try Manifest.load(root: workspace.root))
            .problems()
        for problem in problems { print("✗ \(problem)") }
        if !problems.isEmpty { throw ExitCode(1) }
        print("✓ manifest, Exercises/, Solutions/, Checks/ and the chapters agree.")
    }
}
