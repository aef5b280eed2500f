import Foundation

/// The outcome of checking one exercise.
public struct CheckResult: Sendable, Codable, Equatable {
    public enum Stage: String, Sendable, Codable {
        case compile  // the code did not build
        case check  // it built, and the check failed
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
    /// Where SwiftPM builds: .build, or COURSE_SCRATCH_PATH (relative to the
    /// root) for a test that runs the runner while `swift test` holds .build's lock.
    public var buildFolder: URL

    public init(workspace: Workspace) {
        self.workspace = workspace
        let environment = ProcessInfo.processInfo.environment
        swift = environment["SWIFT"] ?? "swift"
        buildFolder =
            URL(fileURLWithPath: environment["COURSE_SCRATCH_PATH"] ?? ".build", relativeTo: workspace.root)
            .absoluteURL
    }

    /// Checks the exercise found in `folder` (relative to the root):
    /// Exercises (the learner's), Solutions, or a scratch copy.
    public func check(_ exercise: Exercise, folder: String = "Exercises") -> CheckResult {
        let start = Date()
        if isBuilt(exercise, folder: folder) {  // only a text file changed: nothing to compile
            var result = run(exercise, folder: folder)
            result.seconds = Date().timeIntervalSince(start)
            return result
        }
        let build = swiftBuild(["--product", "check-\(exercise.id)"], [exercise], folder: folder)
        markBuilt([exercise], folder: folder, succeeded: build.status == 0)
        guard build.status == 0 else {
            return CheckResult(
                stage: .compile, message: compilerErrors(build.output),
                seconds: Date().timeIntervalSince(start))
        }
        var result = run(exercise, folder: folder)
        result.seconds = Date().timeIntervalSince(start)
        return result
    }

    /// What Package.swift reads to add these exercises' targets (and only them).
    public static func environment(_ exercises: [Exercise], folder: String) -> [String: String] {
        [
            "COURSE_EXERCISES": exercises.map { $0.hasModule ? $0.id : "\($0.id):sql" }.joined(separator: " "),
            "COURSE_EXERCISE_ROOT": folder,
        ]
    }

    /// Builds the checks of several exercises at once (one SwiftPM run, both
    /// cores busy). False when any of them does not compile.
    public func buildAll(_ exercises: [Exercise], folder: String) -> Bool {
        let build = swiftBuild([], exercises, folder: folder)
        markBuilt(exercises, folder: folder, succeeded: build.status == 0)
        if ProcessInfo.processInfo.environment["COURSE_DEBUG"] != nil { print(build.output) }
        return build.status == 0
    }

    /// `swift build` with these exercises in the package. SwiftPM caches its
    /// build plan and may reuse it when only the environment changed, so the
    /// plan is recomputed here (--disable-build-manifest-caching) and thrown
    /// away afterwards: the next ordinary build (make test, make stepN) plans
    /// again, without any exercise target.
    func swiftBuild(_ arguments: [String], _ exercises: [Exercise], folder: String) -> Shell.Result {
        let result = Shell.run(
            [swift, "build", "--disable-build-manifest-caching", "--scratch-path", buildFolder.path] + arguments,
            in: workspace.root,
            environment: Checker.environment(exercises, folder: folder))
        try? FileManager.default.removeItem(at: buildFolder.appendingPathComponent("debug.yaml"))
        return result
    }

    // MARK: Skipping builds that would change nothing

    /// What the check's binary is built from: the exercise's Swift files (not
    /// query.sql or prediction.txt, which the check reads when it runs), the
    /// check and its support, and the folder.
    func buildKey(_ exercise: Exercise, folder: String) -> String {
        let root = workspace.root
        let folders = ["\(folder)/\(exercise.id)", "Checks/\(exercise.id)", "Checks/Support"]
        let files = folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? [])
                .filter { $0.hasSuffix(".swift") }.sorted().map { root.appendingPathComponent("\(folder)/\($0)") }
        }
        return folder + " " + fingerprint(files)
    }

    func stamp(_ exercise: Exercise) -> URL {
        buildFolder.appendingPathComponent("course/built/\(exercise.id)")
    }

    func isBuilt(_ exercise: Exercise, folder: String) -> Bool {
        let binary = buildFolder.appendingPathComponent("debug/check-\(exercise.id)").path
        return FileManager.default.isExecutableFile(atPath: binary)
            && (try? String(contentsOf: stamp(exercise), encoding: .utf8)) == buildKey(exercise, folder: folder)
    }

    func markBuilt(_ exercises: [Exercise], folder: String, succeeded: Bool) {
        for exercise in exercises {
            let url = stamp(exercise)
            try? FileManager.default.removeItem(at: url)
            guard succeeded else { continue }
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(buildKey(exercise, folder: folder).utf8).write(to: url)
        }
    }

    /// Runs an exercise's check, already built.
    public func run(_ exercise: Exercise, folder: String) -> CheckResult {
        let start = Date()
        let binary = buildFolder.appendingPathComponent("debug/check-\(exercise.id)").path
        let run = Shell.run(
            [binary], in: workspace.root,
            environment: [
                "COURSE_EXERCISE_DIR": workspace.root.appendingPathComponent("\(folder)/\(exercise.id)").path
            ])
        return CheckResult(
            stage: run.status == 0 ? .passed : .check,
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
