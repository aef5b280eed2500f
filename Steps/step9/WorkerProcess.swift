import CourseCore
import Foundation

/// A running `step9 worker` process, its output collected as it runs.
struct WorkerProcess {
    var number: Int
    private let process = Process()
    private let output = Pipe()
    private let errors = Pipe()

    init(number: Int, arguments: [String]) throws {
        self.number = number
        // This very program: /proc/self/exe on Linux, the running executable on macOS.
        guard let executable = Bundle.main.executableURL else {
            throw CourseError(report: ErrorReport("could not find step9's own executable to start a worker"))
        }
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = errors
        try attempt("start worker \(number)") { try process.run() }
    }

    /// Asks the worker to stop (SIGTERM): it ends where it is, without its tally.
    func stop() {
        if process.isRunning { process.terminate() }
    }

    /// Waits until the worker's process has ended.
    func waitUntilEnded() {
        process.waitUntilExit()
    }

    /// Waits for the worker and reads its tally.
    func finish() throws -> Tally {
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let line = printed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, let tally = Tally(line: line) else {
            throw CourseError(
                report: ErrorReport(
                    "worker \(number) failed (exit status \(process.terminationStatus)): "
                        + (complaint.isEmpty ? line : complaint.trimmingCharacters(in: .whitespacesAndNewlines))))
        }
        return tally
    }
}
