import Foundation
import Testing

// MARK: - Tests that run beside the pool, not in it

/// Runs the jobs of the tasks that prefer it (`withTaskExecutorPreference`) on
/// threads of its own, outside Swift's shared pool.
///
/// Why: Swift Testing starts every test at once on the shared pool, two threads
/// here (one per core), and a test that resumes after an `await` queues behind
/// every test not started yet. A serialized suite awaits its builds one after the
/// other, so measured at d62c6bd each of its steps after the first waited for the
/// whole queue: PracticeLoopTests and IsolationTests ran their later tests only
/// once every other suite had ended (at 28.9 s), and ended the suite 5 and 9 s
/// later. On these threads a test goes on as soon as what it waited for is done,
/// and its blocking calls (a process, a pseudo-terminal) never hold a pool thread.
///
/// Each job (a test's code from one `await` to the next) gets a new thread: not a
/// concurrent dispatch queue, which on Linux runs on the same root queue's threads as
/// the pool (the threads named `…root.default-qos`). These suites run a few dozen jobs in all.
final class OwnThreads: TaskExecutor {
    static let shared = OwnThreads()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        Thread.detachNewThread { job.runSynchronously(on: executor) }
    }
}

/// The trait behind `@Suite(.ownThreads)`: each test of the suite runs on
/// `OwnThreads`, with everything Swift Testing gives it (its issues, its traits).
struct OwnThreadsTrait: TestTrait, SuiteTrait, TestScoping {
    /// Not recursive: one scope for the whole suite, so that a serialized suite also goes
    /// from one test to the next on these threads (its tests inherit the preference).
    var isRecursive: Bool { false }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(OwnThreads.shared) { try await function() }
    }
}

extension Trait where Self == OwnThreadsTrait {
    /// The suite's tests run on threads of their own (`OwnThreads`), not on Swift Testing's pool.
    static var ownThreads: Self { Self() }
}
