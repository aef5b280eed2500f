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
    /// configuration (BEGIN IMMEDIATE and a busy timeout), then --deferred.
    @Test func fourProcessesStoreEveryEntryAndDeferredCountsWhatFailed() throws {
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
                db, sql: "SELECT worker, COUNT(*), COUNT(DISTINCT number) FROM entry GROUP BY worker")
            #expect(perWorker.map { [$0[0], $0[1], $0[2]] as [Int] } == (1...4).map { [$0, 500, 500] })
        }
        try queue.close()

        // Without IMMEDIATE and the timeout, some writes may fail: however many, every one is counted.
        let deferred = try StepProcess.run(
            "step9", ["write-load", "--processes", "2", "--inserts", "100", "--deferred", "--database", path],
            in: directory)
        let line = try #require(
            deferred.stdout.wholeMatch(of: /2 × 100 = 200 rows expected, (\d+) stored, (\d+) busy errors\n/))
        let stored = try #require(Int(line.1))
        let busy = try #require(Int(line.2))
        #expect(stored + busy == 200)
        #expect(deferred.status == (busy == 0 ? 0 : 1), "\(deferred.stderr)")
        if busy > 0 {
            #expect(
                deferred.stderr.contains("\(busy) of 200 writes failed: \(busy) with SQLITE_BUSY (database is locked)"))
        }
        #expect(
            try DatabaseQueue(path: path).read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM entry") } == 2000
                + stored)
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
