import CourseTestSupport
import Foundation
import Testing

/// A step executable running in the background (for `watch`): its output is
/// collected as it comes, so a test can wait for a line, act, and look again.
/// `StepProcess.run` waits for the end instead.
final class BackgroundStep: @unchecked Sendable {
    // @unchecked: `output` is guarded by `condition`.
    private let process = Process()
    private let condition = NSCondition()
    private var output = Data()
    private var finished = false

    init(_ step: String, _ arguments: [String], in directory: TemporaryDirectory) throws {
        process.executableURL = StepProcess.executable(step)
        process.arguments = arguments
        process.currentDirectoryURL = directory.url
        process.environment = StepProcess.environment(in: directory)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData  // blocks until data or end of file
                condition.lock()
                if chunk.isEmpty { finished = true } else { output.append(chunk) }
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
