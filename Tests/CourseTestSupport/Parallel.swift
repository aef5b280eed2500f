import Foundation

// MARK: - Many processes at once

/// Runs independent jobs — usually each starting a built step — on several
/// threads at once, for a test that checks many commands.
///
/// Why not `DispatchQueue.concurrentPerform`: it runs as many jobs at once as
/// the machine has cores, and a job that starts a process spends most of its
/// time waiting for it (its start-up, its file system calls), not computing.
/// Twice the cores keeps the processor busy while some wait; more only adds
/// switching. The tests themselves already run two at a time (Swift Testing,
/// one per core), so a test with dozens of processes uses this to finish in
/// a fraction of the time.
public enum Parallel {
    /// How many jobs run at once: twice the cores (at least 2).
    public static let width = max(2, ProcessInfo.processInfo.activeProcessorCount * 2)

    /// `transform` of each item, computed `width` at a time, in the items' order.
    public static func map<Item: Sendable, Output: Sendable>(
        _ items: [Item], width: Int = Parallel.width, _ transform: @escaping @Sendable (Item) -> Output
    ) -> [Output] {
        let slots = Slots<Output>(count: items.count)
        let group = DispatchGroup()
        // The test that calls, for StepSelection: no task-local value reaches a thread of its own. Nested
        // in another map, the outer one's; the outermost records what its threads found once they are done.
        let outer = RunningTest.batch
        let batch = outer ?? RunningTest.Batch(test: RunningTest.name)
        for _ in 0..<min(width, items.count) {
            group.enter()
            Thread.detachNewThread {
                Thread.current.threadDictionary[RunningTest.key] = batch
                while let index = slots.claim() { slots.fill(index, transform(items[index])) }
                group.leave()
            }
        }
        group.wait()
        if outer == nil { batch.record() }
        return slots.outputs
    }

    /// The outputs so far and the next item to start, behind a lock.
    private final class Slots<Output>: @unchecked Sendable {
        // @unchecked: every access goes through `lock`.
        private let lock = NSLock()
        private var filled: [Output?]
        private var next = 0

        init(count: Int) { filled = Array(repeating: nil, count: count) }

        /// The index of an item no thread has started yet, or nil when none is left.
        func claim() -> Int? {
            lock.withLock {
                guard next < filled.count else { return nil }
                defer { next += 1 }
                return next
            }
        }

        func fill(_ index: Int, _ output: Output) { lock.withLock { filled[index] = output } }

        /// Every output, once every claimed item has been filled.
        var outputs: [Output] { lock.withLock { filled.compactMap { $0 } } }
    }
}
