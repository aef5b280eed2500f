import Foundation
import Testing

/// A python3 program, running, that talks through lines on its standard
/// input and output.
final class PythonProcess {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    init(_ program: String, _ arguments: String...) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", program] + arguments
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    /// Runs `program` to its end.
    static func run(_ program: String, _ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", program] + arguments
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "python3 -c \(program)")
    }

    /// The next line it prints, without its end ("" once it has ended).
    func readLine() -> String {
        var said = Data()
        while let byte = try? output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty,
            byte != Data([UInt8(ascii: "\n")])
        {
            said.append(byte)
        }
        return String(decoding: said, as: UTF8.self)
    }

    /// Writes `line` to its standard input.
    func say(_ line: String) {
        try? input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    /// SIGKILL: it ends where it is, its transaction open.
    func kill() {
        guard process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
