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
