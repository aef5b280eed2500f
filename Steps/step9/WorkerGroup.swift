import Foundation

/// write-load's running workers, which a signal may stop at any moment: one
/// started after the signal is stopped as soon as it is added.
final class WorkerGroup: @unchecked Sendable {
    private let lock = NSLock()
    private var workers: [WorkerProcess] = []
    private var stopping = false

    func add(_ worker: WorkerProcess) {
        let stopNow = lock.withLock {
            workers.append(worker)
            return stopping
        }
        if stopNow { worker.stop() }
    }

    /// Sends SIGTERM to every worker: each one ends its transaction, prints its tally and exits.
    func stopAll() {
        let running = lock.withLock {
            stopping = true
            return workers
        }
        for worker in running { worker.stop() }
    }

    var all: [WorkerProcess] { lock.withLock { workers } }
}
