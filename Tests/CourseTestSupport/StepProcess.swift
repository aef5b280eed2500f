import Foundation
import Testing

/// The workspace's top folder, found from this file's location.
public let workspaceRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // CourseTestSupport/
    .deletingLastPathComponent()  // Tests/
    .deletingLastPathComponent()

/// What a finished process left behind.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// Runs a built step executable as a learner would, in its own scratch folder.
///
/// The executable is looked up beside the test bundle (`.build/debug/step3`
/// next to `.build/debug/…PackageTests.xctest`), then in `.build/debug`;
/// `make test` builds both before running the suite.
public enum StepProcess {
    public static func executable(_ step: String) -> URL {
        // A test that starts step N is one `make test-stepN` runs (scripts/test-step.sh).
        StepSelection.check(starting: step)
        let candidates = [
            // Linux: the test bundle is the running executable.
            Bundle.main.executableURL?.deletingLastPathComponent(),
            // macOS: the test bundle is loaded by a runner; this code is inside it.
            Bundle(for: BundleMarker.self).bundleURL.deletingLastPathComponent(),
            workspaceRoot.appendingPathComponent(".build/debug"),
        ]
        let found = candidates.compactMap { $0?.appendingPathComponent(step) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return found ?? workspaceRoot.appendingPathComponent(".build/debug/\(step)")
    }

    private final class BundleMarker {}

    /// The environment a step runs in during a test, as in `make golden`:
    /// databases under the folder's `db/`, timings hidden, help 80 columns wide.
    public static func environment(in directory: TemporaryDirectory) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["COURSE_DB_DIR"] = directory.url.appendingPathComponent("db").path
        environment["COURSE_HIDE_TIMINGS"] = "1"
        environment["COLUMNS"] = "80"
        environment["LINES"] = "24"
        return environment
    }

    /// Runs `step` with `arguments` and returns what it printed and its exit status.
    ///
    /// `directory` is the current directory of the process and, under `db/`, holds its default
    /// databases (`COURSE_DB_DIR`): each test passes its own, so tests can run in parallel.
    /// `input` is written to standard input, which is then closed.
    @discardableResult
    public static func run(
        _ step: String,
        _ arguments: [String] = [],
        in directory: TemporaryDirectory,
        input: String? = nil,
        environment extra: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ProcessResult {
        let url = executable(step)
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            Issue.record(
                "\(url.path) is missing: build the steps first (`make test` does).", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = directory.url
        process.environment = environment(in: directory).merging(extra) { _, new in new }

        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        // Read both pipes to the end before waiting, so a chatty process never blocks on a full pipe.
        let errorData = ReadInBackground(stderr.fileHandleForReading)
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus,
            stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: errorData.wait(), as: UTF8.self)
        )
    }
}

/// Runs a tool of the workspace (a script, `make`) with `arguments`, its standard error
/// folded into standard output, as a terminal would show them.
public func runTool(_ arguments: [String], environment extra: [String: String] = [:]) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(extra) { _, new in new }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProcessResult(status: process.terminationStatus, stdout: String(decoding: data, as: UTF8.self), stderr: "")
}

/// Reads a file handle to its end on another thread.
final class ReadInBackground: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

/// What a step does with a database path it cannot use: a file in a folder
/// that does not exist fails with SQLITE_CANTOPEN, a text file with
/// SQLITE_NOTADB, both with exit status 1, and the text file stays as it was.
/// `reading` is a subcommand that only reads (`["list"]`), `writing` one that
/// writes (`["add", "Blob"]`).
public func expectUnusablePathsFail(
    _ step: String, reading: [String], writing: [String], in directory: TemporaryDirectory,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    // A write to a folder that does not exist: SQLite cannot create the file.
    // (A read is refused earlier, without SQLite: it never creates a file.)
    let missing = try StepProcess.run(step, writing + ["--database", directory.file("nope/x.sqlite")], in: directory)
    #expect(missing.status == 1, sourceLocation: sourceLocation)
    #expect(
        missing.stderr.contains("result code: 14 SQLITE_CANTOPEN"), "\(missing.stderr)", sourceLocation: sourceLocation)
    #expect(!FileManager.default.fileExists(atPath: directory.file("nope")), sourceLocation: sourceLocation)

    let text = directory.file("notes.txt")
    try "not a database".write(toFile: text, atomically: true, encoding: .utf8)
    let notADatabase = try StepProcess.run(step, reading + ["--database", text], in: directory)
    #expect(notADatabase.status == 1, sourceLocation: sourceLocation)
    #expect(
        notADatabase.stderr.contains("result code: 26 SQLITE_NOTADB"), "\(notADatabase.stderr)",
        sourceLocation: sourceLocation)
    #expect(try String(contentsOfFile: text, encoding: .utf8) == "not a database", sourceLocation: sourceLocation)
}

// MARK: - A step running in the background

extension StepProcess {
    /// Starts `step` with `arguments` in `directory`, as `run` would, and
    /// returns at once: the process, and the pipe its output and errors go to.
    public static func start(_ step: String, _ arguments: [String], in directory: TemporaryDirectory) throws
        -> (process: Process, output: Pipe)
    {
        let process = Process()
        process.executableURL = executable(step)
        process.arguments = arguments
        process.currentDirectoryURL = directory.url
        process.environment = environment(in: directory)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        return (process, output)
    }
}
