import Foundation

/// A connection's busy handler, watched: how many times SQLite called it,
/// and what it does instead of sleeping.
///
/// When SQLite cannot take a lock another connection holds, it calls the
/// connection's busy handler, if any, and tries again when the handler says
/// so. GRDB's `.timeout` handler sleeps and says yes until the time is up;
/// this one counts its calls and runs `whileWaiting` once: the tour makes the
/// *other* connection end its transaction there. So waiting is staged in one
/// thread, in a fixed order: no sleep, no race.
final class BusyWatch: @unchecked Sendable {
    // @unchecked: `calls` and `whileWaiting` are guarded by `lock`.
    private let lock = NSLock()
    private var calls = 0
    private var whileWaiting: (@Sendable () throws -> Void)?

    // [docs:busy]
    /// What SQLite calls (through GRDB's `.callback` busy mode). Without
    /// `whileWaiting`, it gives up at once, as GRDB's default `.immediateError` does.
    func busy() -> Bool {
        let action = lock.withLock {
            calls += 1
            defer { whileWaiting = nil }
            return whileWaiting
        }
        guard let action else { return false }  // SQLITE_BUSY for the caller
        try? action()
        return true  // try again: the other connection has let go
    }
    // [/docs:busy]

    /// From now on, the handler runs `action` (once) and asks SQLite to try again.
    func wait(by action: @escaping @Sendable () throws -> Void) {
        lock.withLock { whileWaiting = action }
    }

    /// How many times SQLite has called the handler since the last call to this; forgets the action.
    func take() -> Int {
        lock.withLock {
            defer {
                calls = 0
                whileWaiting = nil
            }
            return calls
        }
    }
}
