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
