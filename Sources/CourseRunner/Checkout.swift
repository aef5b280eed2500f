import EditorText
import Foundation

/// The learner's checkout of the course, as the exercise runner sees it:
/// where the package, their exercises and the runner's own files are.
/// (CourseCore's `Workspace` is the steps' side: the `db/` folder of their
/// databases, and paths as a learner reads them.)
public struct Checkout: Sendable {
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
    public static func current() throws -> Checkout {
        guard let learner = nearest(Manifest.path, from: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        else { throw RunnerError("no \(Manifest.path) here or above: run this from the repository's root") }
        return Checkout(root: nearest("Package.swift", from: learner) ?? learner, learnerRoot: learner)
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

    // MARK: The committed starters

    /// Whether the root is the top of a git checkout (not merely a folder inside one).
    public var isGitCheckout: Bool {
        let result = Shell.run(["git", "rev-parse", "--show-toplevel"], in: root)
        let top = URL(fileURLWithPath: result.output.trimmingCharacters(in: .whitespacesAndNewlines))
        return result.status == 0 && top.resolvingSymlinksInPath().path == root.resolvingSymlinksInPath().path
    }

    /// The names of the files (or folders) in `folder` as committed (`git ls-tree HEAD`),
    /// or nil when HEAD has no such folder (a new exercise not committed yet).
    public func committedNames(_ folder: String) -> [String]? {
        let result = Shell.run(["git", "ls-tree", "--name-only", "HEAD", folder + "/"], in: root)
        let names = result.output.split(separator: "\n").map { String($0.split(separator: "/").last ?? "") }
        return result.status == 0 && !names.isEmpty ? names.sorted() : nil
    }

    /// A file as committed (`git show HEAD:path`), or nil.
    public func committedData(_ path: String) -> Data? {
        let result = Shell.run(["git", "show", "HEAD:\(path)"], in: root)
        return result.status == 0 ? Data(result.output.utf8) : nil
    }

    /// A copy of Exercises/ as committed, whatever the learner did to the working
    /// files (solved, broken, edited, deleted): what the suite builds when it needs
    /// starters. `git archive HEAD Exercises`, plus any exercise folder HEAD does not
    /// have yet (a new one, before its first commit). Outside a git checkout there is
    /// nothing to go back to: the working Exercises/ is copied as it is.
    public func copyCommittedExercises(to destination: URL) throws {
        let manager = FileManager.default
        try? manager.removeItem(at: destination)
        let working = root.appendingPathComponent("Exercises")
        guard isGitCheckout else { return try manager.copyItem(at: working, to: destination) }
        try manager.createDirectory(at: destination, withIntermediateDirectories: true)
        let archive = Shell.run(
            [
                "sh", "-c", "git archive --format=tar HEAD Exercises | tar -x --strip-components=1 -C \"$1\"",
                "sh", destination.path,
            ], in: root)
        guard archive.status == 0 else { throw RunnerError("git archive HEAD Exercises failed: \(archive.output)") }
        for name in try manager.contentsOfDirectory(atPath: working.path)
        where !manager.fileExists(atPath: destination.appendingPathComponent(name).path) {
            try manager.copyItem(at: working.appendingPathComponent(name), to: destination.appendingPathComponent(name))
        }
    }

    /// Whether the learner's file is still the untouched starter, however their editor
    /// saved it (an editor that writes CRLF or a BOM on opening has not changed it).
    public func isUntouched(_ exercise: Exercise) -> Bool {
        guard let starter = committedStarter(exercise), let data = try? Data(contentsOf: learnerFile(exercise))
        else { return false }
        return editorNeutral(data) == editorNeutral(Data(starter.utf8))
    }
}

/// Runs a program and collects its output (standard output and error together).
public enum Shell {
    public struct Result: Sendable {
        public var status: Int32
        public var output: String
    }

    /// `onLine` sees each line of output as it comes (a long build's progress).
    public static func run(
        _ arguments: [String], in directory: URL, environment: [String: String] = [:],
        onLine: ((String) -> Void)? = nil
    ) -> Result {
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
        var data = Data()
        if let onLine {
            var pending = Data()
            while case let chunk = pipe.fileHandleForReading.availableData, !chunk.isEmpty {
                data.append(chunk)
                pending.append(chunk)
                while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    onLine(String(decoding: pending[pending.startIndex..<end], as: UTF8.self))
                    pending = Data(pending[pending.index(after: end)...])
                }
            }
        } else {
            data = pipe.fileHandleForReading.readDataToEndOfFile()
        }
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
