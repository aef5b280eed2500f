import CourseCore
import Foundation

/// The lines a `Narrator` printed, kept instead of printed, for tests:
///
///     let lines = RecordedLines()
///     lines.narrator.action("first")
///     #expect(lines.all == ["1. first"])
public final class RecordedLines: @unchecked Sendable {
    // @unchecked: `lines` is guarded by `lock` (GRDB traces from its own queue).
    private let lock = NSLock()
    private var lines: [String] = []

    public init() {}

    /// A narrator that writes here.
    public var narrator: Narrator { Narrator { [self] line in append(line) } }

    public func append(_ line: String) { lock.withLock { lines.append(line) } }

    /// Every line so far.
    public var all: [String] { lock.withLock { lines } }
}
