import CourseTestSupport
import Foundation
import Testing

/// A step executable running in the background (for `watch`): its output is
/// collected as it comes, so a test can wait for a line, act, and look again.
/// `StepProcess.run` waits for the end instead.
final class BackgroundStep: @unchecked Sendable {
    // @unchecked: `output`, `errors`, `finished` and `errorsFinished` are guarded by `condition`.
    private let process = Process()
    private let condition = NSCondition()
    private var output = Data()
    private var errors = Data()
    private var finished = false
    private var errorsFinished = false

    init(_ step: String, _ arguments: [String], in directory: TemporaryDirectory) throws {
        process.executableURL = StepProcess.executable(step)
        process.arguments = arguments
        process.currentDirectoryURL = directory.url
        process.environment = StepProcess.environment(in: directory)
        let pipe = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = pipe
        // Kept, not thrown away: when the step fails (an unknown option, say), its words are the test's report.
        process.standardError = errorPipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        read(pipe.fileHandleForReading) {
            $0.output.append($1)
        } atEnd: {
            $0.finished = true
        }
        read(errorPipe.fileHandleForReading) {
            $0.errors.append($1)
        } atEnd: {
            $0.errorsFinished = true
        }
    }

    /// Collects what `handle` delivers, as it comes, on a thread of its own.
    private func read(
        _ handle: FileHandle, append: @escaping @Sendable (BackgroundStep, Data) -> Void,
        atEnd: @escaping @Sendable (BackgroundStep) -> Void
    ) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData  // blocks until data or end of file
                condition.lock()
                if chunk.isEmpty { atEnd(self) } else { append(self, chunk) }
                condition.broadcast()
                condition.unlock()
                if chunk.isEmpty { return }
            }
        }
    }

    var text: String {
        condition.lock()
        defer { condition.unlock() }
        return String(decoding: output, as: UTF8.self)
    }

    /// What a failing test shows: the standard output, and the standard error when there is any (once the
    /// process has ended, all of both: what it wrote last may still be on its way through the pipes).
    var report: String {
        let deadline = Date(timeIntervalSinceNow: 10)
        condition.lock()
        defer { condition.unlock() }
        while !process.isRunning && !(finished && errorsFinished) && condition.wait(until: deadline) {}
        let stderr = String(decoding: errors, as: UTF8.self)
        return "printed: \"\(String(decoding: output, as: UTF8.self))\""
            + (stderr.isEmpty ? "" : "\nstandard error: \(stderr)")
    }

    /// Waits until the output satisfies `predicate` (or the process ends, or time runs out).
    @discardableResult
    func wait(timeout: TimeInterval = 10, until predicate: (String) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !predicate(String(decoding: output, as: UTF8.self)) {
            if finished || !condition.wait(until: deadline) {
                return predicate(String(decoding: output, as: UTF8.self))
            }
        }
        return true
    }

    /// Waits for the process to exit by itself; terminates it after `timeout`.
    func exitStatus(timeout: TimeInterval = 10) -> Int32? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            return nil
        }
        return process.terminationStatus
    }
}
