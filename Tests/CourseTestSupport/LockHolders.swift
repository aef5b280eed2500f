import CourseCore
import Foundation
import GRDB

// MARK: - Another connection holds the lock

/// A connection of the test's own that holds the file's EXCLUSIVE lock (as a
/// big transaction's spill takes it) from `init` until `release`: every other
/// connection then meets SQLITE_BUSY.
public final class ExclusiveLock {
    private let queue: DatabaseQueue

    /// Creates `path` with a table if it is new, then holds its lock.
    public init(_ path: String) throws {
        var holding = Configuration()
        holding.allowsUnsafeTransactions = true  // the transaction stays open after the access
        queue = try DatabaseQueue(path: path, configuration: holding)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS held(x)")
            try db.execute(sql: "BEGIN EXCLUSIVE")
        }
    }

    /// Rolls the transaction back: the lock is free again.
    public func release() {
        try? queue.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
    }
}

// MARK: - A step running in the background

extension StepProcess {
    /// Starts `step` with `arguments` in `directory`, as `run` would, and
    /// returns at once: the process, and the pipe its output and errors go to.
    public static func start(_ step: String, _ arguments: [String], in directory: TemporaryDirectory) throws
        -> (process: Process, output: Pipe)
    {
        let process = Process()
        process.executableURL = executable(step)
        process.arguments = arguments
        process.currentDirectoryURL = directory.url
        process.environment = environment(in: directory)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        return (process, output)
    }
}
