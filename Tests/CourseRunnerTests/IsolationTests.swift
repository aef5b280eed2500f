import Foundation
import Testing

@testable import CourseRunner

/// An exercise that does not compile breaks nothing else. On a scratch copy of
/// Exercises/ (the learner's files are never touched), one exercise is broken
/// on purpose; with that broken exercise in the package graph, the check of
/// another exercise still builds and runs, and only the broken exercise's own
/// build reports the compiler error, naming the learner's file. Without the
/// runner's variable, the package has no exercise target at all, which is why
/// `make test`, `make stepN` and CI never compile a learner's file; with it,
/// no step depends on an exercise.
///
/// `swift test` holds the lock on .build, so these builds use a scratch path of
/// their own (.build/isolation) and only GRDB-free exercises: the first run
/// compiles SQLite's module and the check support (seconds), later runs reuse it.
@Suite(.serialized) struct IsolationTests {
    let scratchPath = repositoryRoot.appendingPathComponent(".build/isolation").path

    func swift(_ arguments: [String], environment: [String: String] = [:]) -> Shell.Result {
        Shell.run(
            [ProcessInfo.processInfo.environment["SWIFT"] ?? "swift"] + arguments
                + ["--scratch-path", scratchPath, "--disable-build-manifest-caching"],
            in: repositoryRoot, environment: environment)
    }

    /// The package as SwiftPM sees it with this environment: target name → its dependencies' names.
    func targets(_ environment: [String: String]) throws -> [String: [String]] {
        let targets = try dumpPackage(environment)["targets"] as? [[String: Any]] ?? []
        return Dictionary(
            uniqueKeysWithValues: targets.map { target in
                let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                    (dependency.values.first as? [Any])?.first as? String
                }
                return (target["name"] as? String ?? "?", dependencies)
            })
    }

    @Test func aBrokenExerciseBreaksOnlyItself() throws {
        let manifest = try Manifest.load(root: repositoryRoot)
        let broken = try manifest.exercise("s1-read-nulls")
        let other = try manifest.exercise("s1-finalize")
        let folder = ".build/course-tests/isolation"
        let scratch = repositoryRoot.appendingPathComponent(folder)
        try? FileManager.default.removeItem(at: scratch)
        try FileManager.default.createDirectory(
            at: scratch.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Exercises"), to: scratch)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let learnerFile = Workspace(root: repositoryRoot).learnerFile(broken)
        let before = try Data(contentsOf: learnerFile)
        try write(
            "func readScores(_ db: OpaquePointer) -> {\n",
            to: scratch.appendingPathComponent("\(broken.id)/\(broken.file)"))
        let both = Checker.environment([broken, other], folder: folder)

        let brokenBuild = swift(["build", "--product", "check-\(broken.id)"], environment: both)
        #expect(brokenBuild.status != 0, "the broken exercise should not compile")
        #expect(
            brokenBuild.output.contains("\(broken.file):1:"),
            "the error names the learner's file:\n\(brokenBuild.output)")

        let otherBuild = swift(["build", "--product", "check-\(other.id)"], environment: both)
        #expect(otherBuild.status == 0, "another exercise's check still builds:\n\(otherBuild.output)")
        let result = Shell.run(
            [scratchPath + "/debug/check-\(other.id)"], in: repositoryRoot,
            environment: ["COURSE_EXERCISE_DIR": scratch.appendingPathComponent(other.id).path])
        #expect(
            result.status == 1 && result.output.contains(other.starter.says),
            "and its check runs, failing as its untouched starter should:\n\(result.output)")

        // Without the variable: no exercise target. With it: no step, test or core target depends on one.
        let plain = try targets([:])
        #expect(
            plain["step1"] != nil && plain.keys.allSatisfy { !$0.hasPrefix("check-") && !$0.hasPrefix("Exercise_") })
        let withExercises = try targets(both)
        #expect(withExercises["check-\(broken.id)"] != nil)
        for (name, dependencies) in withExercises where !name.hasPrefix("check-") {
            #expect(dependencies.allSatisfy { !$0.hasPrefix("Exercise_") && !$0.hasPrefix("check-") }, "\(name)")
        }
        #expect(try Data(contentsOf: learnerFile) == before, "the learner's own file is untouched")
    }
}
