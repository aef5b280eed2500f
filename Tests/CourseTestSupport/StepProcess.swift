import Foundation
import Testing

/// The workspace's top folder, found from this file's location.
public let workspaceRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent() // CourseTestSupport/
    .deletingLastPathComponent() // Tests/
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

/// A fresh, empty folder under the system's temporary directory, deleted by `remove()`.
public struct TemporaryDirectory: Sendable {
    public let url: URL
    public var path: String { url.path }

    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("sqlite-course-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public func file(_ name: String) -> String { url.appendingPathComponent(name).path }

    public func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Runs a built step executable as a learner would, in its own scratch folder.
///
/// The executable is looked up beside the running test binary
/// (`.build/debug/step3` next to `.build/debug/…PackageTests.xctest`);
/// `make test` builds both before running the suite.
public enum StepProcess {
    public static func executable(_ step: String) -> URL {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return testBinary.deletingLastPathComponent().appendingPathComponent(step)
    }

    /// Runs `step` with `arguments`.
    /// - Parameters:
    ///   - directory: the current directory of the process and, under `db/`, its default databases
    ///     (`COURSE_DB_DIR`). Each test passes its own, so tests can run in parallel.
    ///   - input: written to standard input, then closed.
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
            Issue.record("\(url.path) is missing: build the steps first (`make test` does).", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = directory.url
        var environment = ProcessInfo.processInfo.environment
        environment["COURSE_DB_DIR"] = directory.url.appendingPathComponent("db").path
        environment["COURSE_HIDE_TIMINGS"] = "1"
        environment.merge(extra) { _, new in new }
        process.environment = environment

        let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
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
