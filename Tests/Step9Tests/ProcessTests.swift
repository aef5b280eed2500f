import CourseCore
import CourseTestSupport
import Foundation
import GRDB
import Testing

/// The built `step9`, run as a learner runs it.
@Suite(.temporaryDirectory) struct ProcessTests {
    @Test func theTourMatchesItsGoldenOutput() throws {
        try Golden.checkTour("step9")
    }

    /// The one multi-process test: 4 processes × 500 entries with the chapter's
    /// configuration (a busy timeout, and BEGIN IMMEDIATE; each transaction reads
    /// the worker's last number, then writes the next), then each flag that
    /// changes one of the two.
    @Test func fourProcessesStoreEveryEntryAndEachFlagCountsWhatFailed() throws {
        let directory = try TemporaryDirectory.current
        let path = directory.file("load.sqlite")
        let result = try StepProcess.run(
            "step9", ["write-load", "--processes", "4", "--inserts", "500", "--database", path], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "4 × 500 = 2000 rows expected, 2000 stored, 0 busy errors\n")
        let queue = try DatabaseQueue(path: path)
        try queue.read { db in
            #expect(try String.fetchAll(db, sql: "PRAGMA integrity_check") == ["ok"])
            let perWorker = try Row.fetchAll(
                db,
                sql:
                    "SELECT worker, COUNT(*), COUNT(DISTINCT number), MAX(number) FROM entry GROUP BY worker ORDER BY worker"
            )
            // Each worker's numbers are 1…500, each once: every read saw the worker's previous write.
            #expect(perWorker.map { [$0[0], $0[1], $0[2], $0[3]] as [Int] } == (1...4).map { [$0, 500, 500, 500] })
        }
        try queue.close()

        // Each flag changes one thing; some writes may fail: however many, every one is counted,
        // and what was stored is numbered without a gap or a duplicate.
        for flag in ["--no-timeout", "--deferred"] {
            let changed = directory.file("load\(flag).sqlite")
            let run = try StepProcess.run(
                "step9", ["write-load", "--processes", "2", "--inserts", "100", flag, "--database", changed],
                in: directory)
            let line = try #require(
                run.stdout.wholeMatch(of: /2 × 100 = 200 rows expected, (\d+) stored, (\d+) busy errors\n/), "\(flag)")
            let stored = try #require(Int(line.1))
            let busy = try #require(Int(line.2))
            #expect(stored + busy == 200, "\(flag)")
            #expect(run.status == (busy == 0 ? 0 : 1), "\(flag): \(run.stderr)")
            if busy > 0 {
                #expect(
                    run.stderr.contains("\(busy) of 200 writes failed: \(busy) with SQLITE_BUSY (database is locked)"))
                #expect(run.stderr.contains("run it without \(flag)"), "\(run.stderr)")
            }
            try DatabaseQueue(path: changed).read { db in
                let rows = try Row.fetchAll(
                    db, sql: "SELECT COUNT(*), COUNT(DISTINCT number), MAX(number) FROM entry GROUP BY worker")
                #expect(rows.map { $0[0] as Int }.reduce(0, +) == stored, "\(flag)")
                for row in rows { #expect(row[0] as Int == row[1] && row[1] as Int == row[2], "\(flag)") }
            }
        }
    }

    @Test func badInputIsRefusedAndTheFileKeepsItsBytes() throws {
        let directory = try TemporaryDirectory.current
        let path = directory.file("mine.sqlite")
        #expect(
            try StepProcess.run(
                "step9", ["write-load", "--processes", "1", "--inserts", "3", "--database", path], in: directory
            ).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let refusals: [(arguments: [String], status: Int32, message: String)] = [
            (["--processes", "0"], 64, "--processes must be between 1 and 64, not 0."),
            (["--processes", "65"], 64, "--processes must be between 1 and 64, not 65."),
            (["--inserts", "0"], 64, "--inserts must be between 1 and 100000, not 0."),
            (["--inserts", "100001"], 64, "--inserts must be between 1 and 100000, not 100001."),
            (["--inserts", "99999999999999999999"], 64, "is invalid for '--inserts <inserts>'"),
            (["--no-timeout", "--deferred"], 64, "--no-timeout and --deferred change one thing each"),
        ]
        for refusal in refusals {
            let result = try StepProcess.run(
                "step9", ["write-load"] + refusal.arguments + ["--database", path], in: directory)
            #expect(result.status == refusal.status, "\(refusal.arguments)")
            #expect(result.stderr.contains(refusal.message), "\(refusal.arguments): \(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)

        let inMemory = try StepProcess.run("step9", ["write-load", "--in-memory"], in: directory)
        #expect(inMemory.status == 64)
        #expect(inMemory.stderr.contains("write-load needs a file: processes cannot share an in-memory database"))

        try expectUnusablePathsFail(
            "step9", reading: ["list"], writing: ["write-load", "--processes", "1", "--inserts", "1"], in: directory)

        let step4 = directory.file("items.sqlite")
        #expect(try StepProcess.run("step4", ["add", "Zed", "1", "--database", step4], in: directory).status == 0)
        let items = try Data(contentsOf: URL(fileURLWithPath: step4))
        let refused = try StepProcess.run("step9", ["write-load", "--database", step4], in: directory)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("it is a step 4 file, items"), "\(refused.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: step4)) == items)
        #expect(!FileManager.default.fileExists(atPath: step4 + "-wal"))
    }

    @Test func listCountsTheEntriesPerWorker() throws {
        let directory = try TemporaryDirectory.current
        #expect(
            try StepProcess.run("step9", ["write-load", "--processes", "2", "--inserts", "3"], in: directory).status
                == 0)
        let list = try StepProcess.run("step9", ["list"], in: directory)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout == "worker  entries\n------  -------\n1       3\n2       3\n6 entries\n")
    }
}

// MARK: - Ctrl-C

extension ProcessTests {
    /// Ctrl-C (SIGINT) and SIGTERM while the workers write: write-load stops
    /// every one of them, says how many rows were stored, and leaves a sound
    /// file. Staged in a fixed order: the signal is sent once the file holds a
    /// row (polled; the time limit only ends a run that is broken).
    @Test(
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/cmdline"), "finds the workers in /proc"),
        arguments: [SIGINT, SIGTERM])
    func aSignalStopsEveryWorker(_ signal: Int32) throws {
        let directory = try TemporaryDirectory.current
        let path = directory.file("stopped-\(signal).sqlite")
        let (process, output) = try StepProcess.start(
            "step9", ["write-load", "--processes", "4", "--inserts", "100000", "--database", path], in: directory)
        defer { if process.isRunning { process.terminate() } }

        let deadline = Date().addingTimeInterval(60)
        var reader: DatabaseQueue?
        while try Self.entries(path, &reader) == 0 && process.isRunning && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        reader = nil
        #expect(process.isRunning, "write-load ended before the signal")
        kill(process.processIdentifier, signal)
        let end = Date().addingTimeInterval(60)
        while process.isRunning && Date() < end { Thread.sleep(forTimeInterval: 0.01) }

        let left = Self.workers(writing: path)
        for pid in left { kill(pid, SIGKILL) }  // never leave one running, even when the test fails
        #expect(left.isEmpty, "workers still running after write-load ended: \(left)")
        guard !process.isRunning else {
            Issue.record("write-load still running a minute after \(signal)")
            return
        }
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .exit && process.terminationStatus == 128 + signal, "\(printed)")
        let stored = try DatabaseQueue(path: path).read { db in
            #expect(try String.fetchAll(db, sql: "PRAGMA integrity_check") == ["ok"])
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM entry") ?? 0
        }
        #expect(stored > 0)
        #expect(
            printed.contains("all 4 workers stopped, \(stored) of the 400000 rows stored")
                && printed.contains("integrity_check: ok"), "\(printed)")
        // Said by CourseCore's Interrupt, as every step does: which signal, then the one closing line.
        let name = signal == SIGINT ? "SIGINT (Ctrl-C)" : "SIGTERM"
        #expect(printed.contains("Stopped by \(name): ") && printed.hasSuffix(Interrupt.line + "\n"), "\(printed)")
    }

    /// A worker that cannot even open the file (another connection holds an
    /// EXCLUSIVE lock, and `--no-timeout` does not wait) counts every one of
    /// its inserts as a busy error: write-load's total then says what failed.
    @Test func aWorkerThatCannotOpenTheFileCountsEveryInsertAsBusy() throws {
        let directory = try TemporaryDirectory.current
        let path = directory.file("held.sqlite")
        let lock = try ExclusiveLock(path)
        defer { lock.release() }
        let result = try StepProcess.run(
            "step9", ["worker", "--worker", "3", "--inserts", "7", "--file", path, "--no-timeout"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "worker 3: 0 added, 7 busy errors\n", "\(result.stdout)\(result.stderr)")
    }

    /// The entries in the file so far (0 while write-load sets it up).
    static func entries(_ path: String, _ reader: inout DatabaseQueue?) throws -> Int {
        guard FileManager.default.fileExists(atPath: path + "-wal") else { return 0 }
        if reader == nil {
            var configuration = Configuration()
            configuration.readonly = true
            reader = try DatabaseQueue(path: path, configuration: configuration)
        }
        return (try? reader?.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM entry") }) ?? 0
    }

    /// The processes (Linux: /proc) whose command line is a step9 worker of `path`.
    static func workers(writing path: String) -> [pid_t] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return pids.compactMap { name in
            guard let pid = pid_t(name),
                let data = FileManager.default.contents(atPath: "/proc/\(name)/cmdline")
            else { return nil }
            let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return arguments.contains("worker") && arguments.contains(path) ? pid : nil
        }
    }
}

extension ProcessTests {
    /// `--processes -1` is a number out of range, not a missing value; a directory is named as one.
    @Test func aNegativeNumberAndADirectoryGetTheirRealMessage() throws {
        let directory = try TemporaryDirectory.current
        let negative = try StepProcess.run("step9", ["write-load", "--processes", "-1"], in: directory)
        #expect(negative.stderr.contains("--processes must be between 1 and 64, not -1."), "\(negative.stderr)")
        let folder = directory.file("folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for command in [["list"], ["write-load"]] {
            let result = try StepProcess.run("step9", command + ["--database", folder], in: directory)
            #expect(result.status == 1)
            #expect(result.stderr.contains("folder is a directory, not a database file"), "\(result.stderr)")
            #expect(!result.stderr.contains("SQLITE_IOERR"), "\(result.stderr)")
        }
    }

    /// Step 9 starts its workers from its own executable as the system recorded it when the program
    /// started (`Bundle.main.executableURL`: /proc/self/exe on Linux, the executable's path on macOS),
    /// never from its command line: here the program's name (argv[0]) is no file, PATH holds no step9,
    /// and the current folder is another, yet both workers run.
    @Test func stepNineFindsItsOwnExecutableWhateverItsCommandLineSays() throws {
        let folder = try TemporaryDirectory.current
        let step9 = StepProcess.executable("step9").path
        let result = try runTool(
            [
                "bash", "-c",
                "cd \"$1\" && exec -a no-such-program \"$2\" write-load --processes 2 --inserts 3 --database w.sqlite",
                "bash", folder.path, step9,
            ],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout == "2 × 3 = 6 rows expected, 6 stored, 0 busy errors\n")
    }
}
