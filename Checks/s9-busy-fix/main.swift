import ExerciseSupport
import Foundation
import GRDB

@testable import Exercise_s9_busy_fix

// Another process is staged by a second connection in this one, in a fixed
// order: it holds the write lock (BEGIN IMMEDIATE, an INSERT not yet
// committed) when recordVisit starts. recordVisit's connection gets a busy
// handler that, the first time SQLite calls it, commits the other connection
// and asks SQLite to try again: a busy timeout that the other writer ends in
// time, with no sleep and no race. Whether SQLite calls it at all is the lesson.

/// How many times SQLite called the staged busy handler.
final class BusyCalls: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private let other: DatabaseQueue

    init(other: DatabaseQueue) { self.other = other }

    func busy() -> Bool {
        let first = lock.withLock {
            count += 1
            return count == 1
        }
        guard first else { return false }
        try? other.inDatabase { db in try db.execute(sql: "COMMIT") }
        return true
    }

    var calls: Int { lock.withLock { count } }
}

let query = "SELECT number FROM visit ORDER BY id"

/// The transaction's rule, staged: recordVisit, with a busy handler standing
/// for a timeout the other writer ends in time, must record visit 2.
func waitsForTheWriteLock() throws {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("s9-busy-fix-\(UUID().uuidString).sqlite").path
    defer {
        for suffix in ["", "-journal", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }
    var staging = Configuration()
    staging.allowsUnsafeTransactions = true
    let other = try DatabaseQueue(path: path, configuration: staging)
    try other.write { db in
        try db.execute(sql: "CREATE TABLE visit (id INTEGER PRIMARY KEY, number INTEGER NOT NULL)")
    }
    try other.inDatabase { db in
        try db.execute(sql: "BEGIN IMMEDIATE; INSERT INTO visit (number) VALUES (1)")
    }
    let calls = BusyCalls(other: other)
    var configuration = sharedConfiguration()
    configuration.busyMode = .callback { _ in calls.busy() }
    let queue = try DatabaseQueue(path: path, configuration: configuration)
    do {
        try recordVisit(queue)
    } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
        throw CheckFailure(
            "recordVisit, while another process holds the write lock",
            expected: "it waits (SQLite calls the busy handler), then records visit 2",
            actual: "SQLITE_BUSY after \(calls.calls) calls of the busy handler: the transaction read "
                + "before it asked for the write lock, and SQLite does not wait there")
    }
    let numbers = try queue.read { db in try Int.fetchAll(db, sql: query) }
    try expect(numbers, equals: [1, 2], "the visits after recordVisit", sql: query)
}

/// The connection's rule: sharedConfiguration waits for another writer. Any
/// timeout SQLite keeps passes: how long is enough depends on how long the
/// other processes' transactions last, which no check can see (the staged one
/// commits at the first retry). GRDB passes whole milliseconds to
/// sqlite3_busy_timeout, and 0 ms turns the busy handler off.
func hasABusyTimeout() throws {
    switch sharedConfiguration().busyMode {
    case .timeout(let seconds) where CInt(seconds * 1000) > 0:
        break
    case .timeout(let seconds):
        throw CheckFailure(
            "sharedConfiguration().busyMode", expected: ".timeout(…) of a millisecond or more",
            actual: ".timeout(\(seconds)): GRDB gives SQLite 0 ms, which turns the busy handler off, "
                + "so a writer that finds another one at work fails at once")
    case let mode:
        throw CheckFailure(
            "sharedConfiguration().busyMode", expected: ".timeout(…): how long to wait for another writer",
            actual: "\(mode): a writer that finds another one at work fails at once")
    }
}

// The two rules are two separate changes (one per function): the check tries
// both and names each one that broke.
// edge(error-path, timeout-only): another process holds the write lock: the read-then-write waits its turn
runCheck(
    "s9-busy-fix",
    [
        (
            "a writer waits its turn while another process writes",
            {
                try expectEach([
                    ("the transaction asks for the write lock before it reads (BEGIN IMMEDIATE)", waitsForTheWriteLock),
                    ("the connection has a busy timeout (busyMode .immediateError never waits)", hasABusyTimeout),
                ])
            }
        )
    ])
