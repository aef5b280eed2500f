import Foundation

/// `course verify`: the untouched starter fails as the manifest declares,
/// and the reference solution passes.
public struct Verifier {
    public var workspace: Workspace
    public var checker: Checker

    public init(workspace: Workspace) {
        self.workspace = workspace
        checker = Checker(workspace: workspace)
    }

    /// The problems found (none: as declared). Prints one line per exercise.
    public func verify(_ exercise: Exercise) -> [String] {
        var problems: [String] = []
        let starter = checker.check(exercise, folder: starterFolder(exercise))
        let declared = exercise.starter
        if starter.stage.rawValue != declared.stage {
            problems.append("the starter should fail at \(declared.stage), but \(starter.stage == .passed ? "it passes" : "fails at \(starter.stage.rawValue)"):\n\(starter.message)")
        } else if !starter.message.contains(declared.says) {
            problems.append("the starter's failure should say \"\(declared.says)\", but says:\n\(starter.message)")
        }
        let solution = checker.check(exercise, folder: "Solutions")
        if !solution.passed { problems.append("the solution does not pass:\n\(solution.message)") }
        let mark = problems.isEmpty ? "✓" : "✗"
        print("\(mark) \(exercise.id): starter fails at \(starter.stage.rawValue) (\(format(starter.seconds))), "
            + "solution \(solution.passed ? "passes" : "FAILS") (\(format(solution.seconds)))")
        return problems
    }

    /// Exercises/, or, when the learner edited this exercise, a scratch copy
    /// holding the committed starter: verify never reads a learner's work.
    func starterFolder(_ exercise: Exercise) -> String {
        guard !workspace.isUntouched(exercise), let starter = workspace.committedStarter(exercise) else {
            return "Exercises"
        }
        let folder = ".build/course/starters"
        let copy = workspace.root.appendingPathComponent("\(folder)/\(exercise.id)")
        try? FileManager.default.removeItem(at: copy)
        try? FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.copyItem(at: workspace.root.appendingPathComponent("Exercises/\(exercise.id)"), to: copy)
        try? Data(starter.utf8).write(to: copy.appendingPathComponent(exercise.file))
        return folder
    }

    func format(_ seconds: Double) -> String { String(format: "%.1f s", seconds) }
}
