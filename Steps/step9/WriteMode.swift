import CourseCore
import CourseGRDB
import GRDB

/// How a process writes to a file that other processes write too: the
/// chapter's configuration, or that configuration with exactly one thing
/// changed, so that what a run shows is that one thing's doing.
enum WriteMode: String, Sendable {
    /// The chapter's configuration: a busy timeout, and BEGIN IMMEDIATE.
    case shared
    /// `--no-timeout`: BEGIN IMMEDIATE, and no busy timeout (GRDB's default busy mode).
    case noTimeout
    /// `--deferred`: a busy timeout, and BEGIN DEFERRED.
    case deferred

    // [docs:configuration]
    /// The configuration of a connection to a file shared between processes.
    ///
    /// Every step's configuration already has a busy timeout (CourseGRDB's,
    /// `.timeout(BusyTimeout.seconds)`: 10 s): a writer that finds another
    /// one at work waits for it instead of failing with SQLITE_BUSY at once.
    /// `--no-timeout` puts GRDB's default back, `.immediateError`, which never waits.
    func configuration(trace: Bool, narrator: Narrator) -> Configuration {
        var configuration = CourseGRDB.configuration(trace: trace, narrator: narrator)
        if self == .noTimeout {
            configuration.busyMode = .immediateError
        }
        return configuration
    }

    /// How a write transaction begins. GRDB 7's `write { … }` says BEGIN
    /// IMMEDIATE: the write lock is taken before the transaction reads
    /// anything, where SQLite can wait for it. A DEFERRED transaction that
    /// has read and then writes cannot wait (`--deferred`): while another
    /// connection holds the write lock, or has committed since the read, it
    /// fails with SQLITE_BUSY at once, busy timeout or not.
    var transactionKind: Database.TransactionKind {
        self == .deferred ? .deferred : .immediate
    }
    // [/docs:configuration]

    /// The flag that selects this mode, for a worker's command line and the messages.
    var flag: String? {
        switch self {
        case .shared: nil
        case .noTimeout: "--no-timeout"
        case .deferred: "--deferred"
        }
    }
}
