import Foundation

@testable import CourseRunner

/// The learner's side of a checkout, copied for a test: Exercises/ as
/// committed (never the learner's working files), with its own .course/ notes,
/// in a folder inside the package (what COURSE_EXERCISE_ROOT accepts). The
/// runner started in it finds the package above it, and builds in a scratch
/// path of its own: `swift test` holds the lock on .build.
struct LearnerCopy {
    let root: URL
    var checkout: Checkout { Checkout(root: repositoryRoot, learnerRoot: root) }
    /// Shared with IsolationTests: the SQLite module and the check support built there are reused.
    static let buildPath = ".build/isolation"

    /// `name` is fixed, not random: the checks built for it stay valid for the next run.
    init(_ name: String) throws {
        root = repositoryRoot.appendingPathComponent(".build/course-tests/\(name)")
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try extractCommitted("Exercises", of: repositoryRoot, into: root)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    func file(_ exercise: Exercise) -> URL { checkout.learnerFile(exercise) }

    /// The committed reference solution of an exercise.
    func solution(_ exercise: Exercise) throws -> String {
        let show = Shell.run(["git", "show", "HEAD:Solutions/\(exercise.id)/\(exercise.file)"], in: repositoryRoot)
        guard show.status == 0 else { throw RunnerError("git show: \(show.output)") }
        return show.output
    }

    /// The built runner, run in this copy as `make ex ARGS="…"` runs it.
    func course(_ arguments: [String]) -> Shell.Result {
        Shell.run(
            [courseExecutable.path] + arguments, in: root, environment: ["COURSE_SCRATCH_PATH": Self.buildPath])
    }
}

/// `folder` of `repository` as its last commit has it, written under `destination`: the learner's side
/// as committed, whatever the learner's working files hold (a half-written exercise, a note in a
/// prediction). Every test that copies the exercises copies them so, and `make test` never depends on
/// the learner's work.
func extractCommitted(_ folder: String, of repository: URL, into destination: URL) throws {
    let archive = Shell.run(
        ["sh", "-c", "git archive HEAD \"$1\" | tar -x -C \"$0\"", destination.path, folder], in: repository)
    guard archive.status == 0 else { throw RunnerError("git archive HEAD \(folder): \(archive.output)") }
}

/// .build/debug/course, built by `swift build --build-tests` with the tests.
let courseExecutable: URL = {
    let beside = Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("course")
    if let beside, FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    return repositoryRoot.appendingPathComponent(".build/debug/course")
}()
