import Foundation

#if canImport(Glibc)
import Glibc
/// The system's read(2), named apart from `PseudoTerminal.read(for:)`.
private let readBytes = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let readBytes = Darwin.read
#endif

/// Whether this system can run a `PseudoTerminal`: it starts the program with util-linux's
/// `setsid --ctty`, which Linux has and macOS does not (tests that need one are Linux-only).
let pseudoTerminalsWork = FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid")

/// A program run in a pseudo-terminal, as in a learner's terminal window: its
/// standard input, output and error are the terminal, and the terminal is its
/// controlling terminal, so a Ctrl-C typed into it interrupts the program as
/// the shell's would. A pipe is none of this: `isatty` is false and stdio
/// buffers differently, which is how a runner frozen in a terminal passed
/// every pipe-based test.
///
/// `@unchecked Sendable`: one test uses it, from one thread at a time.
final class PseudoTerminal: @unchecked Sendable {
    let process = Process()
    /// The side a terminal emulator holds: what is written here is typed, what is read is shown.
    private let controller: Int32
    /// Everything shown so far, line ends as "\n".
    private(set) var transcript = ""
    /// Where the next `waitFor` starts looking: each expected line comes after the previous one.
    private var cursor: String.Index

    /// Starts `executable` in a new session (`setsid --ctty`) whose controlling terminal is a new pseudo-terminal.
    init(_ executable: URL, _ arguments: [String], in directory: URL, environment: [String: String]) throws {
        var controller: Int32 = -1
        var terminal: Int32 = -1
        guard openpty(&controller, &terminal, nil, nil, nil) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        self.controller = controller
        cursor = transcript.startIndex
        let handle = FileHandle(fileDescriptor: terminal, closeOnDealloc: true)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        process.arguments = ["--ctty", "--wait", executable.path] + arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        try handle.close()  // the program holds the terminal now; the test keeps only the controller
    }

    deinit {
        if process.isRunning { process.terminate() }
        close(controller)
    }

    /// Whether the terminal reads lines (canonical mode, as a shell leaves it) rather than
    /// key by key: the controller side reads the settings the program's side has.
    var isCanonical: Bool {
        var mode = termios()
        guard tcgetattr(controller, &mode) == 0 else { return false }
        return mode.c_lflag & tcflag_t(ICANON) != 0
    }

    /// Types `text` (a line ends with "\n"; Ctrl-C is "\u{03}").
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBufferPointer { write(controller, $0.baseAddress, $0.count) }
    }

    /// Reads what the program shows, waiting up to `seconds` for it: the
    /// number of bytes read, 0 if nothing came, -1 once the program closed the terminal.
    @discardableResult
    private func read(for seconds: Double) -> Int {
        var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(seconds * 1000)) > 0 else { return 0 }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = readBytes(controller, &buffer, buffer.count)
        guard count > 0 else { return -1 }  // EIO: every copy of the terminal is closed
        transcript += String(decoding: buffer[..<count], as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        return count
    }

    /// Waits until `text` is shown after the previous match, polling the
    /// output; `timeout` is only an upper bound for a program that hangs.
    func waitFor(_ text: String, timeout: Double) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let found = transcript.range(of: text, range: cursor..<transcript.endIndex) {
                cursor = found.upperBound
                return
            }
            guard Date() < deadline, read(for: 0.2) >= 0 else {
                throw PseudoTerminalError(expected: text, transcript: transcript)
            }
        }
    }

    /// Waits for the program to exit, reading what it shows meanwhile; its status.
    func waitForExit(timeout: Double) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            guard Date() < deadline else {
                throw PseudoTerminalError(expected: "the program's exit", transcript: transcript)
            }
            read(for: 0.2)
        }
        while read(for: 0.2) > 0 {}  // what it showed last
        return process.terminationStatus
    }
}

struct PseudoTerminalError: Error, CustomStringConvertible {
    var expected: String
    var transcript: String
    var description: String { "never showed \(expected.debugDescription); the terminal showed:\n\(transcript)" }
}
