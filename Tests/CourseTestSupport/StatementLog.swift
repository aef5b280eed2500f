import CourseCore
import Foundation
import GRDB

/// The statements a connection runs, collected through `Database.trace`.
public final class StatementLog: @unchecked Sendable {
    // @unchecked: `statements` is guarded by `lock`.
    private let lock = NSLock()
    private var statements: [String] = []

    public init() {}

    /// A configuration that traces every connection it opens into this log.
    public var configuration: Configuration {
        var configuration = Configuration()
        configuration.prepareDatabase { [self] db in
            db.trace { [self] event in
                lock.lock()
                statements.append(oneLine("\(event)"))
                lock.unlock()
            }
        }
        return configuration
    }

    /// Everything logged so far, and a fresh start.
    public func take() -> [String] {
        lock.lock()
        defer {
            statements = []
            lock.unlock()
        }
        return statements
    }
}

/// A count that callbacks on any thread add to (a trace, `prepareDatabase`).
public final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    public init() {}
    public func add() { lock.withLock { count += 1 } }
    public var value: Int { lock.withLock { count } }
}
