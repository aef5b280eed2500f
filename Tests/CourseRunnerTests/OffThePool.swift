import Foundation

/// Waits for blocking work (a `swift build`, a runner that builds a check) on a
/// thread of its own, and suspends the test meanwhile.
///
/// Why: Swift Testing runs a test's synchronous code on its shared threads, as
/// many as the machine has cores (two here). A test that waits half a minute for
/// `swift build`, or for SwiftPM's lock on .build/isolation while another test's
/// build holds it, keeps one of those threads idle all that time, and the rest of
/// the suite queues behind the other one (measured: the suite's quick tests ended
/// only when the builds did). Awaiting here frees the thread for other tests.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}
