import Foundation

/// The SQL statements a traced connection printed, kept instead of printed.
final class Statements: @unchecked Sendable {
    // @unchecked: `lines` is guarded by `lock` (GRDB traces from its own queue).
    private let lock = NSLock()
    private var lines: [String] = []

    /// A `Narrator`'s write function: keeps one line.
    @Sendable func append(_ line: String) { lock.withLock { lines.append(line) } }

    var all: [String] { lock.withLock { lines } }
}
