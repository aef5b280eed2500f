import Foundation
import Testing

@testable import CourseRunner

/// An exercise that does not compile breaks nothing else. On a scratch copy of
/// Exercises/ (the learner's files are never touched), one exercise is broken
/// on purpose; then, with that broken exercise in the package graph, the check
/// of another exercise, a step and the runner still build, and only the broken
/// exercise's own check reports the compiler error. Without the runner's
/// environment variable, the package has no exercise target at all, which is
/// why `make test`, `make stepN` and CI never compile a learner's file.
@Suite(.serialized) struct IsolationTests {
    let workspace = Workspace(root: repositoryRoot)

    func swiftBuild(_ product: String, environment: [String: String] = [:]) -> Shell.Result {
        Shell.run([ProcessInfo.processInfo.environment["SWIFT"] ?? "swift", "build", "--product", product],
                  in: repositoryRoot, environment: environment)
    }

    @Test func aBrokenExerciseBreaksOnlyItself() throws {
        let manifest = try Manifest.load(root: repositoryRoot)
        let broken = try manifest.exercise("s1-read-nulls")
        let other = try manifest.exercise("s1-finalize")
        let folder = ".build/course-tests/isolation"
        let scratch = repositoryRoot.appendingPathComponent(folder)
        try? FileManager.default.removeItem(at: scratch)
        try FileManager.default.createDirectory(at: scratch.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Exercises"), to: scratch)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let learnerFile = workspace.learnerFile(broken)
        let before = try Data(contentsOf: learnerFile)
        try write("func readScores(_ db: OpaquePointer) -> {\n", to: scratch.appendingPathComponent("\(broken.id)/\(broken.file)"))

        let both = Checker.environment([broken, other], folder: folder)
        let brokenBuild = swiftBuild("check-\(broken.id)", environment: both)
        #expect(brokenBuild.status != 0, "the broken exercise should not compile")
        #expect(brokenBuild.output.contains("\(broken.file):1:"), "the error names the learner's file and line")

        let otherBuild = swiftBuild("check-\(other.id)", environment: both)
        #expect(otherBuild.status == 0, "another exercise's check still builds:\n\(otherBuild.output)")
        let result = Checker(workspace: workspace).run(other, folder: folder)
        #expect(result.stage == .check && result.message.contains(other.starter.says),
                "and its check runs, failing as its untouched starter should:\n\(result.message)")

        let step = swiftBuild("step1", environment: both)
        #expect(step.status == 0, "a step still builds with the broken exercise in the graph:\n\(step.output)")
        let runner = swiftBuild("course")
        #expect(runner.status == 0, "the runner builds without any exercise:\n\(runner.output)")

        #expect(try Data(contentsOf: learnerFile) == before, "the learner's own file is untouched")
    }
}
