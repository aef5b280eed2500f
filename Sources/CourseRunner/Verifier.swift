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

    /// The problems found, by exercise (empty: all as declared). Prints one line
    /// per exercise. All starters are built in one SwiftPM run, then all
    /// solutions in another; when a batch does not compile (a starter declared
    /// to fail at compile, say), its exercises are built one by one.
    public func verify(_ exercises: [Exercise]) -> [(Exercise, String)] {
        let starters = results(exercises, folder: starterFolder(exercises))
        let solutions = results(exercises, folder: "Solutions")
        var problems: [(Exercise, String)] = []
        for exercise in exercises {
            let starter = starters[exercise.id, default: missing]
            let solution = solutions[exercise.id, default: missing]
            var found: [String] = []
            let declared = exercise.starter
            if starter.stage.rawValue != declared.stage {
                found.append(
                    "the starter should fail at \(declared.stage), but "
                        + (starter.passed ? "it passes" : "fails at \(starter.stage.rawValue)")
                        + ":\n\(starter.message)")
            } else if !starter.message.contains(declared.says) {
                found.append("the starter's failure should say \"\(declared.says)\", but says:\n\(starter.message)")
            }
            if !solution.passed { found.append("the solution does not pass:\n\(solution.message)") }
            print(
                "\(found.isEmpty ? "✓" : "✗") \(exercise.id): starter fails at \(starter.stage.rawValue), "
                    + "solution \(solution.passed ? "passes" : "FAILS")")
            fflush(nil)
            problems += found.map { (exercise, $0) }
        }
        return problems
    }

    /// Never used: `results` returns a result for every exercise it is given.
    let missing = CheckResult(stage: .compile, message: "not built", seconds: 0)

    func results(_ exercises: [Exercise], folder: String) -> [String: CheckResult] {
        var results: [String: CheckResult] = [:]
        if checker.buildAll(exercises, folder: folder) {
            for exercise in exercises { results[exercise.id] = checker.run(exercise, folder: folder) }
        } else {
            for exercise in exercises { results[exercise.id] = checker.check(exercise, folder: folder) }
        }
        return results
    }

    /// Exercises/, or, when the learner edited some exercise, a scratch copy of
    /// it holding the committed starters: verify never reads a learner's work.
    func starterFolder(_ exercises: [Exercise]) -> String {
        let edited = exercises.filter { !workspace.isUntouched($0) && workspace.committedStarter($0) != nil }
        guard !edited.isEmpty else { return "Exercises" }
        let folder = ".build/course/starters"
        let copy = workspace.root.appendingPathComponent(folder)
        try? FileManager.default.removeItem(at: copy)
        try? FileManager.default.createDirectory(
            at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.copyItem(at: workspace.root.appendingPathComponent("Exercises"), to: copy)
        for exercise in edited {
            let file = copy.appendingPathComponent("\(exercise.id)/\(exercise.file)")
            try? Data((workspace.committedStarter(exercise) ?? "").utf8).write(to: file)
        }
        return folder
    }
}
