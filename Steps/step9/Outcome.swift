import Foundation

/// A value another thread produces, waited for with a limit.
final class Outcome<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `result` is guarded by `lock`; `done` is signalled once it is set.
    private let lock = NSLock()
    private var result: Result<Value, any Error>?
    private let done = DispatchSemaphore(value: 0)

    /// Stores what `body` returned or threw, and wakes the waiter.
    func set(_ body: () throws -> Value) {
        let result = Result { try body() }
        lock.withLock { self.result = result }
        done.signal()
    }

    /// Waits until the value is set, at most `seconds`; whether it was.
    func wait(seconds: Double) -> Bool {
        let set = done.wait(timeout: .now() + seconds) == .success
        if set { done.signal() }  // `get` finds it at once
        return set
    }

    /// Waits for the value, as long as it takes, and returns it (or throws what was thrown).
    func get() throws -> Value {
        done.wait()
        done.signal()  // later calls find it at once
        // `set` stores the result before it signals, so it is here; nil would be a bug of this type.
        guard let result = lock.withLock({ result }) else { throw CancellationError() }
        return try result.get()
    }

    /// The value, if it is set and no error was thrown.
    var value: Value? {
        lock.withLock { try? result?.get() }
    }
}

/// Runs `body` on Swift's cooperative thread pool and waits for it: a tour
/// is synchronous (`Lesson.runTour`), the async code it shows is not.
func waitFor<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value) throws -> Value {
    let outcome = Outcome<Value>()
    Task {
        let result = await Result { try await body() }
        outcome.set { try result.get() }
    }
    return try outcome.get()
}

extension Result where Failure == any Error {
    /// `Result(catching:)` for an async body.
    init(_ body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
