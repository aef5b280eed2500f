import CourseCore
import Foundation
import GRDB

// [docs:livelist]
/// The live list: a running `ValueObservation` whose values wait in a
/// mailbox until the shell prints them. GRDB delivers values on the queue
/// `start` is given (a queue of ours, "live list"), whenever it has one; the
/// shell reads them on the main thread, between two commands.
public final class LiveList<Item: ItemRecord>: @unchecked Sendable {
    // @unchecked: `values` and `failure` are guarded by `condition`.
    private let condition = NSCondition()
    private var values: [[Item]] = []
    private var failure: (any Error)?
    private var latest: [Item]?  // the last value handed out
    private var cancellable: AnyDatabaseCancellable?

    /// Starts observing. GRDB fetches the first value at once, then new
    /// ones after transactions that change table item (it may coalesce
    /// several into one fetch: the last value is the current list).
    public init(_ database: AppDatabase<Item>, _ ordering: Ordering) {
        cancellable = database.observeItems(ordering).start(
            in: database.reader,
            scheduling: .async(onQueue: DispatchQueue(label: "live list")),
            onError: { [weak self] error in self?.post { $0.failure = error } },
            onChange: { [weak self] items in self?.post { $0.values.append(items) } })
    }

    deinit { cancellable?.cancel() }

    private func post(_ change: (LiveList) -> Void) {
        condition.lock()
        change(self)
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until the observation's latest value is `expected`, returning
    /// every value it delivered until then, in order. GRDB may skip values
    /// (several writes, one fetch), but its last value is always the
    /// current list: so the shell knows a command's effect was seen. None
    /// when the list did not change (`removeDuplicates` delivers nothing).
    public func values(until expected: [Item], timeout: TimeInterval = 5) throws -> [[Item]] {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: timeout)
        var delivered: [[Item]] = []
        while true {
            if let failure { throw failure }
            delivered += values
            values.removeAll()
            latest = delivered.last ?? latest
            if latest == expected { return delivered }
            guard condition.wait(until: deadline) else {
                throw CourseError.timeout(
                    "the live list did not show the change within \(Int(timeout)) s",
                    fix: "run it again: on a busy machine the change can take longer to arrive")
            }
        }
    }
}
// [/docs:livelist]
