import Foundation
import GRDB

// Section 7 · Concurrency (chapter 9): what a DatabasePool buys readers, and
// what IMMEDIATE and a busy timeout cost writers in several processes.

// MARK: - Readers while a writer commits

// [docs:readers]
/// K reader threads, each running `reads` queries, while one writer thread
/// commits `commits` small transactions: the time until every reader is done.
private func readersAlongsideAWriter(_ writer: any DatabaseWriter, readers: Int, reads: Int, commits: Int) throws {
    let group = DispatchGroup()
    let failure = FirstFailure()
    DispatchQueue.global().async(group: group) {
        failure.run {
            for index in 0..<commits {
                try writer.write { db in
                    try db.execute(sql: insertPlayerSQL, arguments: [playerName(index), playerScore(index)])
                }
            }
        }
    }
    for _ in 0..<readers {
        DispatchQueue.global().async(group: group) {
            failure.run {
                for _ in 0..<reads {
                    _ = try writer.read { db in try Int.fetchOne(db, sql: "SELECT SUM(score) FROM player") }
                }
            }
        }
    }
    group.wait()
    try failure.check()
}
// [/docs:readers]

/// The first error thrown on any thread of a measurement.
private final class FirstFailure: @unchecked Sendable {
    private let lock = NSLock()
    private var error: (any Error)?

    func run(_ body: () throws -> Void) {
        do { try body() } catch { lock.withLock { self.error = self.error ?? error } }
    }

    func check() throws {
        if let error = lock.withLock({ error }) { throw error }
    }
}

func benchmarkConcurrency(_ recorder: Recorder) throws {
    let section = "Concurrency"
    let settings = recorder.settings
    let rows = settings.count(10_000, quick: 500)
    let readers = 4
    let reads = settings.count(200, quick: 20)
    let commits = settings.count(200, quick: 20)
    let repetitions = settings.repetitions(5)
    let poolName = "DatabasePool, \(readers) readers while a writer commits"
    if recorder.wants(section, [poolName]) {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        let queue = try DatabaseQueue(
            path: try settings.freshPath("concurrency-queue.sqlite"), configuration: configuration)
        let pool = try DatabasePool(
            path: try settings.freshPath("concurrency-pool.sqlite"), configuration: configuration)
        for writer in [queue as any DatabaseWriter, pool] {
            try writer.write { db in
                try db.execute(
                    sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL)")
                for index in 0..<rows {
                    try db.execute(sql: insertPlayerSQL, arguments: [playerName(index), playerScore(index)])
                }
            }
        }
        try recorder.compare(
            section, poolName, against: "a DatabaseQueue doing the same",
            claim: .atMost(
                1, "a DatabasePool's readers, who never wait for the writer, finish no later than a DatabaseQueue's"),
            repetitions: repetitions,
            notes: [
                "\(readers) threads × \(reads) reads of SUM(score) over \(rows) rows, while one thread commits \(commits) inserts"
            ]
        ) {
            try sideBySide(repetitions: repetitions) {
                try readersAlongsideAWriter(queue, readers: readers, reads: reads, commits: commits)
            } measured: {
                try readersAlongsideAWriter(pool, readers: readers, reads: reads, commits: commits)
            }
        }
    }

    // Writers in 4 processes: step 9's write-load, with the chapter's configuration and with --deferred.
    let writersName = "4 processes writing: BEGIN IMMEDIATE and a busy timeout"
    guard recorder.wants(section, [writersName]) else { return }
    let inserts = settings.count(500, quick: 50)
    var busyErrors: [String: [Int]] = [:]
    let timing = try sideBySide(repetitions: repetitions, warmUp: false) {
        let path = try settings.freshPath("write-load.sqlite")
        busyErrors["deferred", default: []].append(
            try writeLoad(inserts: inserts, deferred: true, path: path, settings: settings))
    } measured: {
        let path = try settings.freshPath("write-load.sqlite")
        busyErrors["shared", default: []].append(
            try writeLoad(inserts: inserts, deferred: false, path: path, settings: settings))
    }
    recorder.record(
        section, writersName, against: "the same with --deferred (BEGIN DEFERRED, no busy timeout)",
        measured: timing.measured, baseline: timing.baseline, repetitions: repetitions,
        claim: .atMost(
            10, "waiting for the lock costs at most 10× the time of giving up at once, and stores every row"),
        notes: [
            "4 × \(inserts) inserts each run; busy errors per run with --deferred: "
                + (busyErrors["deferred"] ?? []).map(String.init).joined(separator: ", ")
                + "; with IMMEDIATE and the timeout: "
                + (busyErrors["shared"] ?? []).map(String.init).joined(separator: ", ")
        ])
}

/// Runs `step9 write-load` with 4 processes and returns its busy errors.
/// The chapter's configuration must report none; --deferred may report any number.
private func writeLoad(inserts: Int, deferred: Bool, path: String, settings: Settings) throws -> Int {
    let executable = settings.stepsDirectory.appendingPathComponent("step9")
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
        throw BenchError(
            "no \(display(executable)): build it with `swift build -c release --product step9` (make bench does)")
    }
    let process = Process()
    process.executableURL = executable
    process.arguments =
        ["write-load", "--processes", "4", "--inserts", "\(inserts)", "--database", path]
        + (deferred ? ["--deferred"] : [])
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let line = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard let match = line.firstMatch(of: /(\d+) stored, (\d+) busy errors/), let busy = Int(match.2) else {
        throw BenchError("step9 write-load printed no summary (exit status \(process.terminationStatus)): \(line)")
    }
    if !deferred && (busy > 0 || process.terminationStatus != 0) {
        throw BenchError("step9 write-load, with IMMEDIATE and a busy timeout, failed: \(line)")
    }
    return busy
}
