import CourseCore
import Foundation

/// write-load's workers. Ctrl-C may come while they are being started:
/// `start` and `stopAll` take turns, so that no worker starts once the group
/// is stopping, and `stopAll` waits for every worker there is.
final class WorkerGroup: @unchecked Sendable {
    private let lock = NSLock()
    private var workers: [WorkerProcess] = []
    private var stopping = false
    /// Signalled by write-load's thread once it has seen every stopped worker end.
    private let ended = DispatchSemaphore(value: 0)

    /// Starts a worker (`make`), unless the group is stopping: then returns false.
    func start(_ make: () throws -> WorkerProcess) throws -> Bool {
        try lock.withLock {
            guard !stopping else { return false }
            workers.append(try make())
            return true
        }
    }

    /// Sends SIGTERM to every worker, then waits until each has ended. A worker
    /// ends where it is (CourseCore's `Interrupt`, as every step does): what it
    /// had committed stays in the file, a transaction it had not is not kept.
    func stopAll() {
        let running = lock.withLock {
            stopping = true
            return workers
        }
        for worker in running { worker.stop() }
        for worker in running { worker.waitUntilEnded() }
    }

    /// On Ctrl-C or SIGTERM (CourseCore's `Interrupt`, on its own thread): stops
    /// every worker, waits until write-load's thread has seen them all end
    /// (`allEnded`), then runs `report`; `Interrupt` then exits with 128 + the
    /// signal's number. Returns the clean-up's number, for `Interrupt.remove`.
    func stopOnInterrupt(then report: @escaping @Sendable () -> Void) -> Int {
        Interrupt.onInterrupt { [self] in
            stopAll()
            ended.wait()
            report()
        }
    }

    /// write-load's thread, once it has waited for every worker: if they were
    /// stopped, hands over to the interrupt's thread, which reports and ends
    /// the process, and never returns.
    func allEnded() {
        guard isStopping else { return }
        ended.signal()
        Interrupt.waitForExit()
    }

    /// True once `stopAll` has begun.
    var isStopping: Bool { lock.withLock { stopping } }

    var all: [WorkerProcess] { lock.withLock { workers } }
}
