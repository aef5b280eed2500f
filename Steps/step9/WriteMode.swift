import CourseCore
import CourseGRDB
import GRDB

/// How a process writes to a file that other processes write too.
enum WriteMode: Sendable {
    /// The chapter's way: BEGIN IMMEDIATE, and a busy timeout.
    case shared
    /// `--deferred`: BEGIN DEFERRED and no busy timeout, the failure the chapter explains.
    case deferred

    /// How long a shared writer waits for another process's write to end before it gives up.
    static let busyTimeout: Double = 10

    // [docs:configuration]
    /// The configuration of a connection to a file shared between processes.
    ///
    /// `.timeout`: a BEGIN IMMEDIATE that finds another writer waits for it, up
    /// to `busyTimeout` seconds, instead of failing with SQLITE_BUSY at once.
    /// GRDB's default, `.immediateError`, never waits.
    func configuration(trace: Bool, narrator: Narrator) -> Configuration {
        var configuration = CourseGRDB.configuration(trace: trace, narrator: narrator)
        if self == .shared {
            configuration.busyMode = .timeout(Self.busyTimeout)
        }
        return configuration
    }

    /// How a write transaction begins. GRDB 7's `write { … }` always says
    /// BEGIN IMMEDIATE (GRDB 6 had `Configuration.defaultTransactionKind`
    /// for this; GRDB 7 removed it): the write lock is taken before the
    /// transaction reads anything. A DEFERRED transaction that reads first and
    /// then writes cannot wait for the lock (waiting could deadlock): it fails
    /// with SQLITE_BUSY at once, busy timeout or not.
    var transactionKind: Database.TransactionKind {
        self == .shared ? .immediate : .deferred
    }
    // [/docs:configuration]
}
