import Foundation

/// Where things are in the learner's checkout.
public struct Workspace: Sendable {
    /// The package: Package.swift, Checks/, Solutions/, the build.
    public var root: URL
    /// The learner's side: Exercises/ (their files) and .course/ (notes,
    /// backups, reports). The root itself, except in a scratch copy of the
    /// learner's side that a test makes inside the package.
    public var learnerRoot: URL

    public init(root: URL, learnerRoot: URL? = nil) {
        self.root = root
        self.learnerRoot = learnerRoot ?? root
    }

    /// The checkout this command runs in: the nearest folder, from the
    /// current one up, that holds Exercises/manifest.json; its package is the
    /// nearest folder from there up that holds Package.swift.
    public static func current() throws -> Workspace {
        guard let learner = nearest(Manifest.path, from: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        else { throw RunnerError("no \(Manifest.path) here or above: run this from the repository's root") }
        return Workspace(root: nearest("Package.swift", from: learner) ?? learner, learnerRoot: learner)
    }

    /// The nearest folder, from `url` up, that holds `path`.
    static func nearest(_ path: String, from url: URL) -> URL? {
        var url = url.standardizedFileURL
        while !FileManager.default.fileExists(atPath: url.appendingPathComponent(path).path) {
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return nil }
            url = parent
        }
        return url
    }

    /// The learner's exercises folder, relative to the root (what
    /// COURSE_EXERCISE_ROOT names): Exercises, or a scratch copy's.
    public var exercisesFolder: String { display(learnerRoot.appendingPathComponent("Exercises")) }

    /// Exercises/<id>/<file>: the learner's file.
    public func learnerFile(_ exercise: Exercise) -> URL {
        learnerRoot.appendingPathComponent("Exercises/\(exercise.id)/\(exercise.file)")
    }

    public func solutionFile(_ exercise: Exercise) -> URL {
        root.appendingPathComponent("Solutions/\(exercise.id)/\(exercise.file)")
    }

    /// A path as printed to the learner: relative to the root.
    public func display(_ url: URL) -> String {
        let base = root.standardizedFileURL.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }

    /// The runner's own files: .build/course (scratch copies, build logs).
    public var scratch: URL { root.appendingPathComponent(".build/course") }

    /// The learner's progress notes (gitignored; losing them loses nothing
    /// but hint levels and attempt counts).
    public var stateFile: URL { learnerRoot.appendingPathComponent(".course/state.json") }

    /// The committed starter of a learner's file (`git show HEAD:path`), or
    /// nil outside a git checkout.
    public func committedStarter(_ exercise: Exercise) -> String? {
        let result = Shell.run(["git", "show", "HEAD:Exercises/\(exercise.id)/\(exercise.file)"], in: root)
        return result.status == 0 ? result.output : nil
    }

    /// Whether the learner's file is still the untouched starter.
    public func isUntouched(_ exercise: Exercise) -> Bool {
        guard let starter = committedStarter(exercise) else { return false }
        return (try? String(contentsOf: learnerFile(exercise), encoding: .utf8)) == starter
    }
}

/// Runs a program and collects its output (standard output and error together).
public enum Shell {
    public struct Result: Sendable {
        public var status: Int32
        public var output: String
    }

    public static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        // An empty pipe, not FileHandle.nullDevice: Foundation's Process on Linux
        // closes that shared handle's descriptor, whose number another thread
        // may have reused meanwhile (a test's listening socket, say).
        let input = Pipe()
        process.standardInput = input
        do {
            try process.run()
        } catch {
            return Result(status: 127, output: "could not run \(arguments.joined(separator: " ")): \(error)")
        }
        try? input.fileHandleForWriting.close()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
