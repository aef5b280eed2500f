import Foundation

/// Where a learner stands on one exercise.
public enum Status: String, Codable, Sendable {
    case notStarted = "not started"  // the file is the untouched starter
    case failing = "failing"  // edited, and the check fails
    case notCompiling = "does not compile"
    case passed = "passed"

    public var mark: String {
        switch self {
        case .notStarted: "·"
        case .failing, .notCompiling: "✗"
        case .passed: "✓"
        }
    }
}

/// Recomputes progress from the learner's files: an untouched starter is
/// "not started" (verify proves every starter fails); an edited file is
/// checked, unless it and its check are unchanged since the last check.
public struct LearnerProgress {
    public var workspace: Workspace
    public var manifest: Manifest
    public var checker: Checker
    public var state: CourseState
    /// Results computed by this process, by id: checked once, not twice.
    var fresh: [String: (fingerprint: String, result: CheckResult)] = [:]
    /// Exercises whose check passed now, after failing (or never running) before.
    public private(set) var newlyPassed: [String] = []

    public init(workspace: Workspace) throws {
        self.workspace = workspace
        manifest = try Manifest.load(root: workspace.root)
        checker = Checker(workspace: workspace)
        state = CourseState.load(workspace.stateFile)
    }

    public func save() throws { try state.save(workspace.stateFile) }

    func currentFingerprint(_ exercise: Exercise) -> String {
        let checks = workspace.root.appendingPathComponent("Checks/\(exercise.id)")
        let files = ((try? FileManager.default.contentsOfDirectory(at: checks, includingPropertiesForKeys: nil)) ?? [])
            .sorted { $0.path < $1.path }
        return fingerprint([workspace.learnerFile(exercise)] + files)
    }

    /// Runs the check now, counting an attempt when the file changed.
    public mutating func check(_ exercise: Exercise) -> CheckResult {
        let print = currentFingerprint(exercise)
        if let known = fresh[exercise.id], known.fingerprint == print { return known.result }
        let result = checker.check(exercise, folder: workspace.exercisesFolder)
        fresh[exercise.id] = (print, result)
        var notes = state[exercise.id]
        if result.passed, notes.lastResult?.passed != true { newlyPassed.append(exercise.id) }
        if notes.fingerprint != print { notes.attempts += 1 }
        notes.fingerprint = print
        notes.lastResult = result
        state[exercise.id] = notes
        return result
    }

    /// The status, from the remembered result when nothing changed since.
    public mutating func status(_ exercise: Exercise) -> (Status, CheckResult?) {
        if workspace.isUntouched(exercise) { return (.notStarted, nil) }
        let notes = state[exercise.id]
        let result: CheckResult
        if let last = notes.lastResult, notes.fingerprint == currentFingerprint(exercise) {
            result = last
        } else {
            result = check(exercise)
        }
        switch result.stage {
        case .passed: return (.passed, result)
        case .compile: return (.notCompiling, result)
        case .check: return (.failing, result)
        }
    }

    /// The course's one rule for "the next exercise" (README, "Start here"):
    /// the first exercise, in the manifest's order, that does not pass. `make ex`
    /// checks it, and every "Next:" the runner prints names it, so an exercise
    /// skipped earlier comes back before the later ones.
    public mutating func nextUnfinished() -> Exercise? {
        manifest.exercises.first { status($0).0 != .passed }
    }
}
