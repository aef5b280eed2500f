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
/// The runner names the exercises it builds in COURSE_EXERCISES (see
/// Package.swift), and `--product check-<id>` builds only what that product
/// needs: the learner's module, the check, GRDB. Nothing else is compiled, and
/// nothing else can be broken by a learner's file.
public struct Checker: Sendable {
    public var checkout: Checkout
    public var swift: String
    /// SwiftPM's build folder: .build, or COURSE_SCRATCH_PATH (relative to the root) for a test
    /// that runs the runner while `swift test` holds .build's lock (docs/environment-switches.md).
    public var scratchPath: URL
    /// Where a first build that compiles GRDB says so and shows its progress (nil: silent).
    public var progress: (@Sendable (String) -> Void)?

    public init(checkout: Checkout) {
        self.checkout = checkout
        let environment = ProcessInfo.processInfo.environment
        swift = environment["SWIFT"] ?? "swift"
        scratchPath =
            URL(fileURLWithPath: environment["COURSE_SCRATCH_PATH"] ?? ".build", relativeTo: checkout.root)
            .absoluteURL
        progress = { line in
            print(line)
            fflush(nil)
        }
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
        let build = self.build(exercise, folder: folder)
        guard build.status == 0 else {
            return CheckResult(
                stage: .compile, message: compilerErrors(build.output),
                seconds: Date().timeIntervalSince(start))
        }
        var result = run(exercise, folder: folder)
        result.seconds = Date().timeIntervalSince(start)
        return result
    }

    /// Builds the exercise's check from `folder` (relative to the root), as `check` does before it runs it:
    /// what swift build printed, and its status.
    public func build(_ exercise: Exercise, folder: String) -> Shell.Result {
        var echo: (@Sendable (String) -> Void)? = nil
        if let progress, let notice = firstBuildNotice(exercise) {
            progress(notice)
            echo = { line in if line.hasPrefix("[") { progress("  " + line) } }  // swift build's [n/m] lines
        }
        let build = swiftBuild(
            ["--product", "check-\(exercise.id)"], [exercise], folder: folder, product: "check-\(exercise.id)",
            echo: echo)
        markBuilt([exercise], folder: folder, succeeded: build.status == 0)
        return build
    }

    /// The two commands, from the root, that do by hand what `check` does with the exercise in `folder`: the
    /// build of its check, then the check. An exercise's id reaches its check through Package.swift's
    /// environment (COURSE_EXERCISES, COURSE_EXERCISE_ROOT, COURSE_PRODUCT), a `swift build` and the check's
    /// own (COURSE_EXERCISE_DIR): these show each, for an instructor to run one step at a time.
    public func commandsByHand(_ exercise: Exercise, folder: String) -> (build: String, check: String) {
        let product = "check-\(exercise.id)"
        let environment = Checker.environment([exercise], folder: folder, product: product)
        let scratch = checkout.display(scratchPath)
        let build =
            environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(shellQuoted($0.value))" }
            + buildArguments(["--product", product], scratchPath: scratch).map(shellQuoted)
        let check = [
            "COURSE_EXERCISE_DIR=" + shellQuoted("\(folder)/\(exercise.id)"),
            shellQuoted("\(scratch)/debug/\(product)"),
        ]
        return (build.joined(separator: " "), check.joined(separator: " "))
    }

    /// `word` as a shell reads it back: as it is when it holds no character the shell treats apart.
    func shellQuoted(_ word: String) -> String {
        let plain =
            !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_./:=,+@".contains($0)) }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `swift build` as the runner runs it, with `arguments` after.
    func buildArguments(_ arguments: [String], scratchPath: String) -> [String] {
        [swift, "build", "--disable-build-manifest-caching", "--scratch-path", scratchPath] + arguments
    }

    /// What Package.swift reads to add these exercises' targets (and only them); with `product`
    /// (`check-<id>`), the package is that product and what it needs, nothing else.
    public static func environment(_ exercises: [Exercise], folder: String, product: String? = nil) -> [String: String]
    {
        var environment = [
            "COURSE_EXERCISES": exercises.map { $0.kind == .sql || $0.kind == .predict ? "\($0.id):\($0.kind)" : $0.id }
                .joined(separator: " "),
            "COURSE_EXERCISE_ROOT": folder,
        ]
        environment["COURSE_PRODUCT"] = product
        return environment
    }

    /// Builds the checks of several exercises at once (one SwiftPM run, both
    /// cores busy). False when any of them does not compile.
    public func buildAll(_ exercises: [Exercise], folder: String) -> Bool {
        var echo: (@Sendable (String) -> Void)? = nil
        if let progress, let notice = firstBuildNotice(exercises) {
            progress(notice)
            echo = { line in if line.hasPrefix("[") { progress("  " + line) } }  // swift build's [n/m] lines
        }
        // Only these checks and what they need (Package.swift's keepOnly): no step, no plugin.
        let build = swiftBuild(
            [], exercises, folder: folder, product: exercises.map { "check-\($0.id)" }.joined(separator: " "),
            echo: echo)
        markBuilt(exercises, folder: folder, succeeded: build.status == 0)
        return build.status == 0
    }

    /// `swift build` with these exercises in the package. SwiftPM caches its
    /// build plan and may reuse it when only the environment changed, so the
    /// plan is recomputed here (--disable-build-manifest-caching) and thrown
    /// away afterwards: the next ordinary build (make test, make stepN) plans
    /// again, with its own set of exercise targets.
    func swiftBuild(
        _ arguments: [String], _ exercises: [Exercise], folder: String, product: String? = nil,
        echo: (@Sendable (String) -> Void)? = nil
    ) -> Shell.Result {
        let result = withBuildFolder { temporary in
            Shell.run(
                buildArguments(arguments, scratchPath: scratchPath.path), in: checkout.root,
                environment: Checker.environment(exercises, folder: folder, product: product)
                    .merging(["TMPDIR": temporary]) { $1 },
                onLine: echo)
        }
        try? FileManager.default.removeItem(at: scratchPath.appendingPathComponent("debug.yaml"))
        return result
    }

    /// Runs `body` (a `swift build`) with TMPDIR set to `<scratch path>/course/tmp`, then deletes that
    /// folder. Without make (`.build/debug/course check ID`) nothing sets TMPDIR, and each `swift build`
    /// would leave empty /tmp/TemporaryDirectory.* folders behind. Always the same path: SwiftPM keys its
    /// manifest and plugin caches on the whole environment, TMPDIR included, and a new folder per build
    /// would make every check compile Package.swift and the records plugin again, several times the
    /// cost of the check itself. A lock beside it keeps two runners on one scratch path
    /// from deleting each other's files (SwiftPM would run their builds one at a time anyway).
    func withBuildFolder<T>(_ body: (String) -> T) -> T {
        let course = scratchPath.appendingPathComponent("course")
        let folder = course.appendingPathComponent("tmp")
        try? FileManager.default.createDirectory(at: course, withIntermediateDirectories: true)
        let lock = open(course.appendingPathComponent("tmp.lock").path, O_CREAT | O_RDWR, 0o644)
        if lock >= 0 { flock(lock, LOCK_EX) }
        defer {
            try? FileManager.default.removeItem(at: folder)
            if lock >= 0 { close(lock) }  // closing releases the lock
        }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return body(folder.path)
    }

    /// Runs `body` (a check) with a fresh folder for TMPDIR, inside .build/tmp, then deletes it.
    /// One folder per run, so two runners at once never delete each other's files.
    func withTemporaryFolder<T>(_ body: (String) -> T) -> T {
        let folder = checkout.root.appendingPathComponent(".build/tmp/course-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return body(folder.path)
    }

    /// What to say before a build that compiles GRDB (nil when none does: a step 1
    /// exercise uses the C API alone, and GRDB built once serves every later check).
    func firstBuildNotice(_ exercise: Exercise) -> String? {
        guard compilesGRDB(exercise), !isGRDBBuilt else { return nil }
        return "Building \(exercise.id)'s check for the first time: it compiles GRDB (about a minute here;"
            + " later checks take seconds)..."
    }

    /// What verify says before it builds checks none of which is built yet (nil when one
    /// is: then the build takes seconds): how many, and whether they compile GRDB first.
    func firstBuildNotice(_ exercises: [Exercise]) -> String? {
        guard !exercises.isEmpty, !exercises.contains(where: { hasBinary($0) }) else { return nil }
        let what = exercises.count == 1 ? "\(exercises[0].id)'s check" : "\(exercises.count) exercises' checks"
        let grdb = exercises.contains(where: compilesGRDB) && !isGRDBBuilt
        return "Building \(what) for the first time"
            + (grdb ? ": it compiles GRDB (about a minute here)..." : " (no GRDB: seconds)...")
    }

    /// Whether the exercise's check links GRDB (Package.swift: not step 1's, whose code uses the C
    /// API alone, nor a SQL exercise's, whose check runs query.sql on the C API).
    func compilesGRDB(_ exercise: Exercise) -> Bool { exercise.step != 1 && exercise.hasModule }

    func hasBinary(_ exercise: Exercise) -> Bool {
        FileManager.default.isExecutableFile(
            atPath: scratchPath.appendingPathComponent("debug/check-\(exercise.id)").path)
    }

    /// Whether GRDB's module is already built (by `make step2` or an earlier check).
    var isGRDBBuilt: Bool {
        ["debug/Modules/GRDB.swiftmodule", "debug/GRDB.swiftmodule"].contains {
            FileManager.default.fileExists(atPath: scratchPath.appendingPathComponent($0).path)
        }
    }

    // MARK: Skipping builds that would change nothing

    /// What the check's binary is built from: the exercise's Swift files (not
    /// query.sql or prediction.txt, which the check reads when it runs), the
    /// check and its support, and the folder.
    func buildKey(_ exercise: Exercise, folder: String) -> String {
        let root = checkout.root
        let folders = ["\(folder)/\(exercise.id)", "Checks/\(exercise.id)", "Checks/Support"]
        let files = folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? [])
                .filter { $0.hasSuffix(".swift") }.sorted().map { root.appendingPathComponent("\(folder)/\($0)") }
        }
        return folder + " " + fingerprint(files)
    }

    func stamp(_ exercise: Exercise) -> URL {
        scratchPath.appendingPathComponent("course/built/\(exercise.id)")
    }

    func isBuilt(_ exercise: Exercise, folder: String) -> Bool {
        hasBinary(exercise)
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
        let binary = scratchPath.appendingPathComponent("debug/check-\(exercise.id)").path
        let run = withTemporaryFolder { temporary in
            Shell.run(
                [binary], in: checkout.root,
                environment: [
                    "COURSE_EXERCISE_DIR": checkout.root.appendingPathComponent("\(folder)/\(exercise.id)").path,
                    "TMPDIR": temporary,
                ])
        }
        return CheckResult(
            stage: run.status == 0 ? .passed : .check,
            message: run.output.trimmingCharacters(in: .whitespacesAndNewlines),
            seconds: Date().timeIntervalSince(start))
    }

    /// The compiler's errors with their source lines, paths made relative;
    /// SwiftPM's progress lines left out.
    func compilerErrors(_ output: String) -> String {
        let root = checkout.root.standardizedFileURL.path + "/"
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
