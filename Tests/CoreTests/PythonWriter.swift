import Foundation

/// A python3 process (the same SQLite library as the steps) that a test
/// talks to through pipes, a line at a time: it says where it is on its
/// standard output, and waits for the test's next line on its standard input.
/// No sleep: each side waits for the other's line.
struct PythonWriter {
    private let process = Process()
    private let output = Pipe()
    private let input = Pipe()

    /// Starts `python3 -c source arguments…`.
    init(_ source: String, _ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", source] + arguments
        process.standardOutput = output
        process.standardInput = input
        try process.run()
    }

    /// The process's next line, without its line break ("" once it ended).
    func line() throws -> String {
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        return String(decoding: line, as: UTF8.self)
    }

    /// Writes `line` and a line break to its standard input.
    func say(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Kills it (SIGKILL), as a crash or `kill -9` would, wherever it is.
    func crash() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Closes its standard input (its loop of reading lines ends), and waits for it to end.
    func finish() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
