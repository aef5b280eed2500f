import Foundation

/// The outcome of checking one exercise.
public struct CheckResult: Sendable, Codable, Equatable {
    public enum Stage: String, Sendable, Codable {
        case compile // the code did not build
        case check // it built, and the check failed
        case passed
    }

    public var stage: Stage
    /// What the learner reads: the compiler's errors, or the check's report.
    public var message: String
    public var seconds: Double

    public var passed: Bool { stage == .passed }
}

/// Builds one exercise with its check, and runs the check.
///
/// The exercise exists in the package only while COURSE_EXERCISE is set (see
/// Package.swift), and `--product exercise-check` builds only what that
/// product needs: the learner's module, the check, GRDB. Nothing else is
/// compiled, and nothing else can be broken by a learner's file.
public struct Checker: Sendable {
    public var workspace: Workspace
    public var swift: String

    public init(workspace: Workspace) {
        self.workspace = workspace
        swift = ProcessInfo.processInfo.environment["SWIFT"] ?? "swift"
    }

    /// Checks the exercise found in `folder` (relative to the root):
    /// Exercises (the learner's), Solutions, or a scratch copy.
    public func check(_ exercise: Exercise, folder: String = "Exercises") -> CheckResult {
        let start = Date()
        let environment = [
            "COURSE_EXERCISE": exercise.id,
            "COURSE_EXERCISE_ROOT": folder,
            "COURSE_EXERCISE_MODULE": exercise.hasModule ? "1" : "0",
        ]
        let build = Shell.run([swift, "build", "--product", "exercise-check"], in: workspace.root,
                              environment: environment)
        guard build.status == 0 else {
            return CheckResult(stage: .compile, message: compilerErrors(build.output),
                               seconds: Date().timeIntervalSince(start))
        }
        let binary = workspace.root.appendingPathComponent(".build/debug/exercise-check").path
        let run = Shell.run([binary], in: workspace.root, environment: [
            "COURSE_EXERCISE_DIR": workspace.root.appendingPathComponent("\(folder)/\(exercise.id)").path,
        ])
        return CheckResult(stage: run.status == 0 ? .passed : .check,
                           message: run.output.trimmingCharacters(in: .whitespacesAndNewlines),
                           seconds: Date().timeIntervalSince(start))
    }

    /// The compiler's errors with their source lines, paths made relative;
    /// SwiftPM's progress lines left out.
    func compilerErrors(_ output: String) -> String {
        let root = workspace.root.standardizedFileURL.path + "/"
        var kept: [String] = []
        var keeping = false
        for line in output.components(separatedBy: "\n") {
            if line.contains("error:") || line.contains("warning:") {
                keeping = line.contains("error:")
                if keeping { kept.append(line.replacingOccurrences(of: root, with: "")) }
            } else if keeping, !line.hasPrefix("["), !line.isEmpty {
                kept.append(line)
            } else {
                keeping = false
            }
        }
        let text = kept.joined(separator: "\n")
        return "It does not compile yet:\n" + (text.isEmpty ? output : text)
    }
}
