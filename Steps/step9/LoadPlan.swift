import ArgumentParser
import CourseCore
import Foundation
import GRDB

/// `write-load`: N processes of step 9 itself, each adding M entries to one
/// file in short transactions (each reads the process's last number, then
/// writes the next), then a count of what the file holds.
struct LoadPlan: Sendable {
    static let processRange = 1...64
    static let insertRange = 1...100_000

    var processes: Int
    var inserts: Int
    var mode: WriteMode

    var expected: Int { processes * inserts }

    /// Refuses, before anything is opened, what write-load cannot do.
    static func validate(processes: Int, inserts: Int, inMemory: Bool) throws {
        guard processRange.contains(processes) else {
            throw ValidationError("--processes must be between 1 and \(processRange.upperBound), not \(processes).")
        }
        guard insertRange.contains(inserts) else {
            throw ValidationError("--inserts must be between 1 and \(insertRange.upperBound), not \(inserts).")
        }
        if inMemory {
            throw ValidationError(
                "write-load needs a file: processes cannot share an in-memory database (--database PATH, or none for db/step9.sqlite)."
            )
        }
    }

    /// Refuses `--no-timeout` with `--deferred`: a run changes one thing, so that its result says what that thing does.
    static func validate(noTimeout: Bool, deferred: Bool) throws {
        if noTimeout && deferred {
            throw ValidationError(
                "--no-timeout and --deferred change one thing each: give one of them, so that what the run shows is that one thing's doing."
            )
        }
    }

    /// The mode the flags select (validated: at most one of them).
    static func mode(noTimeout: Bool, deferred: Bool) -> WriteMode {
        noTimeout ? .noTimeout : deferred ? .deferred : .shared
    }

    // [docs:write-load]
    /// Sets the file up (the schema, WAL mode), starts the processes, waits for
    /// them all, and counts the entries they added.
    func run(on path: String, trace: Bool, narrator: Narrator) throws -> LoadResult {
        // The parent migrates, once, before any worker opens the file.
        let database = try AppDatabase.open(
            .file(path), configuration: WriteMode.shared.configuration(trace: trace, narrator: narrator))
        let before = try attempt("count the entries") { try database.entryCount() }
        // Ctrl-C or SIGTERM: every worker is stopped, then what the file holds is said (see WorkerGroup).
        let workers = WorkerGroup()
        let interrupt = workers.stopOnInterrupt {
            narrator.line(stoppedSummary(database, path: path, trace: trace, narrator: narrator, before: before))
        }
        defer { Interrupt.remove(interrupt) }
        for number in 1...processes {
            guard try workers.start({ try startWorker(number, path: path) }) else { break }
        }
        var tallies: [Tally] = []
        for worker in workers.all {
            do {
                tallies.append(try worker.finish())
            } catch  where workers.isStopping {
                // Stopped before it could print its tally: the file's rows are counted all the same.
            }
        }
        workers.allEnded()  // after Ctrl-C: the interrupt's thread reports, and ends the process
        let stored = try attempt("count the entries") { try database.entryCount() } - before
        return LoadResult(plan: self, stored: stored, tallies: tallies)
    }
    // [/docs:write-load]

    /// What write-load says once a signal has stopped every worker: the rows
    /// the file gained and its integrity check, both from SQLite.
    ///
    /// Counted on a connection opened after write-load's own has closed: a
    /// worker stopped inside its COMMIT may have written the commit frame to
    /// the WAL without yet recording it in the wal-index (the shared -shm).
    /// A connection that stayed open does not see that transaction; one that
    /// opens the file first after every other has closed rebuilds the index
    /// from the WAL and may. Closing first makes the count what the file keeps.
    private func stoppedSummary(
        _ database: AppDatabase, path: String, trace: Bool, narrator: Narrator, before: Int
    ) -> String {
        do {
            try database.close()
            let settled = try AppDatabase.open(
                .file(path), configuration: WriteMode.shared.configuration(trace: trace, narrator: narrator),
                migrate: false)
            defer { try? settled.close() }
            let stored = try settled.entryCount() - before
            let integrity = try settled.integrityCheck()
            return LoadResult(
                plan: self, stored: stored, tallies: [], stoppedBy: Interrupt.caughtSignal, integrity: integrity
            ).summary
        } catch {
            return "Stopped: could not count the entries: \(error)"
        }
    }

    /// Starts `step9 worker …`: this very executable, as a process of its own.
    private func startWorker(_ number: Int, path: String) throws -> WorkerProcess {
        var arguments = ["worker", "--worker", "\(number)", "--inserts", "\(inserts)", "--file", path]
        if let flag = mode.flag { arguments.append(flag) }
        return try WorkerProcess(number: number, arguments: arguments)
    }

    // [docs:worker]
    /// What one worker process does: M entries, each in a transaction of its
    /// own that reads the worker's last number, then writes the next. A write
    /// that fails with SQLITE_BUSY is counted, not retried and not hidden; any
    /// other error stops the worker.
    static func work(worker: Int, inserts: Int, mode: WriteMode, path: String) throws -> Tally {
        let silent = Narrator(write: { _ in })
        var tally = Tally(worker: worker)
        let database: AppDatabase
        do {
            database = try AppDatabase.open(
                .file(path), configuration: mode.configuration(trace: false, narrator: silent), migrate: false)
        } catch  where isBusy(error) {
            tally.busy = inserts  // the file was locked before a single write could start
            return tally
        }
        for _ in 1...inserts {
            do {
                try database.addNextEntry(worker: worker, kind: mode.transactionKind)
                tally.added += 1
            } catch  where isBusy(error) {
                tally.busy += 1
            }
        }
        return tally
    }
    // [/docs:worker]

    /// SQLITE_BUSY, whatever its extended code, however it was wrapped.
    static func isBusy(_ error: any Error) -> Bool {
        switch error {
        case let error as DatabaseError: error.resultCode == .SQLITE_BUSY
        case let error as CourseError: error.report.resultCode == ResultCode.SQLITE_BUSY.rawValue
        default: false
        }
    }
}
