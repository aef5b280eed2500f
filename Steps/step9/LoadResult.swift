import ArgumentParser
import CourseCore

/// What write-load found once every worker had finished.
struct LoadResult: Sendable {
    var plan: LoadPlan
    /// The entries the file gained, counted by SQLite, not by the workers.
    var stored: Int
    var tallies: [Tally]
    /// The signal that stopped the run (Ctrl-C: SIGINT), if one did: then the
    /// interrupt's thread prints `summary` and exits (see `LoadPlan.run`).
    var stoppedBy: Int32? = nil
    /// `PRAGMA integrity_check` once the workers had stopped (a stopped run only).
    var integrity: [String] = []

    var busy: Int { tallies.reduce(0) { $0 + $1.busy } }

    /// The one line write-load prints.
    var summary: String {
        guard let signal = stoppedBy else {
            return
                "\(plan.processes) × \(plan.inserts) = \(plan.expected) rows expected, \(stored) stored, \(busy) busy errors"
        }
        return """
            Stopped by \(Interrupt.name(signal)): all \(plan.processes) workers stopped, \(stored) of the \(plan.expected) \
            rows stored (each row a whole transaction); integrity_check: \(integrity.joined(separator: "; "))
            """
    }

    /// Throws (exit status 1) unless every entry was stored without a busy error.
    func check() throws {
        guard stored != plan.expected || busy > 0 else { return }
        let fix =
            switch plan.mode {
            case .noTimeout:
                "run it without --no-timeout: the busy timeout makes a writer wait for another process's write (chapter 9)"
            case .deferred:
                "run it without --deferred: BEGIN IMMEDIATE takes the write lock before the worker reads, where the busy timeout can wait (chapter 9)"
            case .shared: "see chapter 9, docs/09-concurrency.md"
            }
        throw CourseError(
            report: ErrorReport(
                "\(plan.expected - stored) of \(plan.expected) writes failed: \(busy) with SQLITE_BUSY (database is locked)",
                fix: fix))
    }
}
