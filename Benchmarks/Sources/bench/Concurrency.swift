import CourseCounters
import Foundation
import GRDB

// Section 7 · Concurrency (chapter 9): what a DatabasePool buys readers, and
// what IMMEDIATE and a busy timeout cost writers in several processes.

// MARK: - Readers while a writer commits

// [docs:readers]
/// K reader threads, each running `reads` queries, while one writer thread
/// commits `commits` small transactions: the time until all of them are done.
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

/// The syncs so far of the files of `writer`'s database (the counting VFS).
private func syncs(_ writer: any DatabaseWriter) throws -> Int {
    try writer.read { db in DatabaseFileCounts(connection: try db.sqliteConnection.orThrow()).total.syncs }
}

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
        // The same queue in WAL, synchronous NORMAL, as the pool: for a note.
        var walConfiguration = configuration
        walConfiguration.journalMode = .wal
        let walQueue = try DatabaseQueue(
            path: try settings.freshPath("concurrency-wal-queue.sqlite"), configuration: walConfiguration)
        for writer in [queue as any DatabaseWriter, walQueue, pool] {
            try writer.write { db in
                try db.execute(
                    sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL)")
                for index in 0..<rows {
                    try db.execute(sql: insertPlayerSQL, arguments: [playerName(index), playerScore(index)])
                }
            }
        }
        // Each keeps GRDB's defaults: the queue a rollback journal with
        // synchronous FULL (every commit waits for the disk, and so do its
        // readers), the pool WAL with synchronous NORMAL (no sync on commit).
        // How much the pool saves follows the disk's sync and the cores;
        // what the defaults guarantee is only that it never loses.
        try recorder.compare(
            section, poolName, against: "a DatabaseQueue doing the same",
            claim: .atMost(
                1,
                "with GRDB's defaults, a DatabasePool's readers wait neither for its writer nor for a sync: "
                    + "the same work ends no later than on a DatabaseQueue"
            ),
            repetitions: repetitions,
            notes: [
                "\(readers) threads × \(reads) reads of SUM(score) over \(rows) rows, while one thread commits \(commits) inserts",
                "the queue's commits each sync the disk (rollback journal, synchronous FULL), the pool's do not (WAL, NORMAL): "
                    + "how far ahead the pool ends follows the disk and the cores, and is reported, not claimed",
            ]
        ) {
            // What the defaults change, counted: the queue's commits sync (3 each: rollback journal,
            // synchronous FULL), the pool's none (WAL, NORMAL; a checkpoint would, if one ran).
            try sideBySide(
                repetitions: repetitions, counter: Counter(name: "syncs") { try syncs(queue) + syncs(pool) }
            ) {
                try readersAlongsideAWriter(queue, readers: readers, reads: reads, commits: commits)
            } measured: {
                try readersAlongsideAWriter(pool, readers: readers, reads: reads, commits: commits)
            }
        }
        // The disk's share, reported: with the queue in WAL too, neither side
        // syncs on commit, and what is left is what the pool's connections
        // gain on this machine's cores (at best their number, for reads
        // that only compute).
        let timing = try sideBySide(repetitions: repetitions) {
            try readersAlongsideAWriter(walQueue, readers: readers, reads: reads, commits: commits)
        } measured: {
            try readersAlongsideAWriter(pool, readers: readers, reads: reads, commits: commits)
        }
        recorder.note(
            "with the queue in WAL too (no sync on either side): \(formatSeconds(timing.baseline.minimum)) "
                + "on the queue, \(formatSeconds(timing.measured.minimum)) on the pool, "
                + "\(formatRatio(timing.measured.minimum / max(timing.baseline.minimum, 1e-9)))×: what the cores give")
    }

    // Writers in 4 processes: step 9's write-load with the chapter's configuration (a busy
    // timeout, and BEGIN IMMEDIATE; each transaction reads, then writes), against the
    // same with --deferred (the one change: BEGIN DEFERRED). Then, untimed, the same
    // with --no-timeout (the one change: no busy timeout), for the notes.
    let writersName = "4 processes writing: BEGIN IMMEDIATE and a busy timeout"
    guard recorder.wants(section, [writersName]) else { return }
    let inserts = settings.count(500, quick: 50)
    var runs: [String: [WriteLoad]] = [:]
    let timing = try sideBySide(repetitions: repetitions, warmUp: false) {
        let path = try settings.freshPath("write-load.sqlite")
        runs["--deferred", default: []].append(
            try writeLoad(inserts: inserts, flag: "--deferred", path: path, settings: settings))
    } measured: {
        let path = try settings.freshPath("write-load.sqlite")
        runs["shared", default: []].append(try writeLoad(inserts: inserts, flag: nil, path: path, settings: settings))
    }
    for _ in 0..<repetitions {
        let path = try settings.freshPath("write-load.sqlite")
        runs["--no-timeout", default: []].append(
            try writeLoad(inserts: inserts, flag: "--no-timeout", path: path, settings: settings))
    }
    let shared = runs["shared"] ?? []
    /// One note's words: each run's busy errors and rows stored.
    func perRun(_ loads: [WriteLoad]) -> String {
        loads.map { "\($0.busy)" }.joined(separator: ", ") + " (rows stored: "
            + loads.map { "\($0.stored)" }.joined(separator: ", ") + ")"
    }
    // A correctness claim: IMMEDIATE takes the write lock before the
    // transaction reads, where SQLite can wait for it, and the busy timeout
    // waits for the others' commits. Not one write may fail, on any machine
    // and at any load (unless one waits longer than the timeout); the time it
    // takes is only reported.
    recorder.record(
        section, writersName, against: "the same with --deferred (BEGIN DEFERRED; the busy timeout kept)",
        measured: timing.measured, baseline: timing.baseline, repetitions: repetitions,
        claim: .exactly(
            0,
            "with BEGIN IMMEDIATE and a busy timeout, processes writing at once store every row: exactly 0 busy errors"),
        count: shared.map(\.busy).reduce(0, +),
        notes: [
            "4 × \(inserts) inserts each run, each in a transaction that reads, then writes; busy errors per run: "
                + "with IMMEDIATE and the timeout: \(perRun(shared)); with --deferred: \(perRun(runs["--deferred"] ?? []))"
                + "; with --no-timeout (untimed): \(perRun(runs["--no-timeout"] ?? []))",
            "the time ratio is reported, not claimed: waiting follows how often the processes collide "
                + "and how SQLite's busy handler sleeps, while --deferred stores fewer rows",
        ])
}

/// What one `step9 write-load` run printed.
private struct WriteLoad {
    var stored: Int
    var busy: Int
}

/// Runs `step9 write-load` with 4 processes, with `flag` (one change to the
/// chapter's configuration) or without, and returns what it counted. The
/// chapter's configuration must report no busy error (the claim above checks
/// it); a flag may report any number. A run that loses a row without a busy
/// error, or fails otherwise, is a bug: it stops the benchmark.
private func writeLoad(inserts: Int, flag: String?, path: String, settings: Settings) throws -> WriteLoad {
    let executable = settings.stepsDirectory.appendingPathComponent("step9")
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
        throw BenchError(
            "no \(display(executable)): build it with `swift build -c release --product step9` (make bench does)")
    }
    let process = Process()
    process.executableURL = executable
    process.arguments =
        ["write-load", "--processes", "4", "--inserts", "\(inserts)", "--database", path] + (flag.map { [$0] } ?? [])
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let line = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard let match = line.firstMatch(of: /= (\d+) rows expected, (\d+) stored, (\d+) busy errors/),
        let expected = Int(match.1), let stored = Int(match.2), let busy = Int(match.3)
    else {
        throw BenchError("step9 write-load printed no summary (exit status \(process.terminationStatus)): \(line)")
    }
    if stored + busy != expected || (busy == 0 && process.terminationStatus != 0) {
        throw BenchError("step9 write-load lost rows without a busy error, or failed: \(line)")
    }
    return WriteLoad(stored: stored, busy: busy)
}
