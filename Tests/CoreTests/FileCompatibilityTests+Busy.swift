import CourseCore
import CourseTestSupport
import Foundation
import Testing

// MARK: - Another process holds the write lock

extension FileCompatibilityTests {
    /// A python3 process (the same SQLite library) that takes the file's
    /// write lock (`BEGIN IMMEDIATE`), says so on its standard output, and
    /// holds it until its standard input closes; then it commits.
    static let lockHolder = """
        import sqlite3, sys
        c = sqlite3.connect(sys.argv[1], isolation_level=None)
        c.execute("BEGIN IMMEDIATE")
        print("locked", flush=True)
        sys.stdin.read()
        c.execute("COMMIT")
        """

    /// Every step's writing subcommand, started while another process holds
    /// the file's write lock, waits for it and then does its work: the test
    /// releases the lock only once a thread of the step (or of a worker it
    /// started) sleeps in SQLite's busy handler (`clock_nanosleep`, read in
    /// /proc), so the order is fixed. Without a busy timeout the step fails
    /// at once with SQLITE_BUSY, and the test with it.
    @Test(
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/task"), "watches the step's threads in /proc"))
    func aWriterWaitsForAnotherProcesssWriteLock() throws {
        let files = try Fixtures.shared.get()
        let runs = Parallel.map(Array(Self.steps)) { step in
            Result { () throws -> String? in
                let directory = try TemporaryDirectory()
                defer { directory.remove() }
                let path = directory.file("x.sqlite")
                try FileManager.default.copyItem(atPath: files.path(step), toPath: path)
                let holder = try LockHolder(path)
                defer { holder.release() }

                let process = Process()
                process.executableURL = StepProcess.executable("step\(step)")
                process.arguments = Self.writing(step) + ["--database", "x.sqlite"]
                process.currentDirectoryURL = directory.url
                process.environment = StepProcess.environment(in: directory)
                let output = Pipe()
                process.standardOutput = output
                process.standardError = output
                try process.run()
                defer { if process.isRunning { process.terminate() } }

                let deadline = Date().addingTimeInterval(60)
                var waited = false
                while process.isRunning && !waited && Date() < deadline {
                    waited = ProcessThreads.anySleeps(in: process.processIdentifier)
                    if !waited { Thread.sleep(forTimeInterval: 0.005) }
                }
                holder.release()
                process.waitUntilExit()
                let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                guard waited, process.terminationStatus == 0 else {
                    return "waited: \(waited), exit status \(process.terminationStatus)\n\(printed)"
                }
                return nil
            }
        }
        for (step, run) in zip(Self.steps, runs) {
            let failure = try run.get()
            #expect(failure == nil, "step \(step) \(Self.writing(step)): \(failure ?? "")")
        }
    }
}

/// `FileCompatibilityTests.lockHolder`, running: holds the write lock from
/// `init` until `release`.
private final class LockHolder {
    private let process = Process()
    private let input = Pipe()

    init(_ path: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", FileCompatibilityTests.lockHolder, path]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        var said = Data()
        while !said.contains(UInt8(ascii: "\n")), let byte = try output.fileHandleForReading.read(upToCount: 1),
            !byte.isEmpty
        {
            said.append(byte)
        }
        #expect(String(decoding: said, as: UTF8.self) == "locked\n", "the holder did not take the lock")
    }

    /// Closes the holder's input: it commits, which releases the lock, and ends.
    func release() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

/// The threads of a process and of the processes it started, as Linux shows them in /proc.
enum ProcessThreads {
    /// `clock_nanosleep` and `nanosleep` on x86_64 and on arm64: the calls
    /// SQLite's busy handler sleeps in (`unixSleep`, through glibc).
    static let sleepCalls: Set<Int> = {
        #if arch(arm64)
        [115, 101]
        #else
        [230, 35]
        #endif
    }()

    /// Whether a thread of `pid` or of a descendant is asleep in one of `sleepCalls`.
    static func anySleeps(in pid: Int32) -> Bool {
        for process in [pid] + descendants(of: pid) {
            let tasks = "/proc/\(process)/task"
            for thread in (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? [] {
                guard let call = try? String(contentsOfFile: "\(tasks)/\(thread)/syscall", encoding: .utf8),
                    let number = call.split(separator: " ").first.flatMap({ Int($0) })
                else { continue }
                if sleepCalls.contains(number) { return true }
            }
        }
        return false
    }

    /// The processes `pid` started, and theirs (step 9's workers).
    static func descendants(of pid: Int32) -> [Int32] {
        let tasks = "/proc/\(pid)/task"
        let children = ((try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []).flatMap { thread in
            ((try? String(contentsOfFile: "\(tasks)/\(thread)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { Int32($0) }
        }
        return children + children.flatMap(descendants(of:))
    }
}
