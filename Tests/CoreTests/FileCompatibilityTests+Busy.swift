import CourseCore
import CourseTestSupport
import Foundation
import Testing

// MARK: - Another process holds the write lock

extension FileCompatibilityTests {
    /// A python3 process (the same SQLite library) that takes the file's
    /// write lock (`BEGIN IMMEDIATE`), says so on its standard output, and
    /// holds it until it reads a line; then it commits.
    static let lockHolder = """
        import sqlite3, sys
        c = sqlite3.connect(sys.argv[1], isolation_level=None)
        c.execute("BEGIN IMMEDIATE")
        print("locked", flush=True)
        sys.stdin.readline()
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
                let holder = try PythonWriter(Self.lockHolder, [path])
                defer { holder.finish() }
                guard try holder.line() == "locked" else { return "the holder did not take the lock" }

                let (process, output) = try StepProcess.start(
                    "step\(step)", Self.writing(step) + ["--database", "x.sqlite"], in: directory)
                defer { if process.isRunning { process.terminate() } }

                let deadline = Date().addingTimeInterval(60)
                var waited = false
                while process.isRunning && !waited && Date() < deadline {
                    waited = ProcessThreads.anySleeps(in: process.processIdentifier)
                    if !waited { Thread.sleep(forTimeInterval: 0.005) }
                }
                holder.say("commit")  // it commits, which frees the lock, and ends
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
