import CourseCore
import Foundation

/// A `Narrator` whose lines are kept, so a test can read what a tour section said.
public final class NarratedLines: @unchecked Sendable {
    // @unchecked: `lines` is guarded by `lock` (GRDB may narrate from its own queue).
    private let lock = NSLock()
    private var lines: [String] = []

    public init() {}

    public var narrator: Narrator {
        Narrator(hidesMeasurements: true) { [self] line in
            lock.lock()
            lines.append(line)
            lock.unlock()
        }
    }

    /// Everything said so far, one line each.
    public var text: String {
        lock.lock()
        defer { lock.unlock() }
        return lines.joined(separator: "\n")
    }
}
