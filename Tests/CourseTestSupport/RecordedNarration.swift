import CourseCore
import Foundation

/// What a narrator said, kept for a test to read. A tour's section takes a
/// `Narrator`; give it `recording.narrator`, then check `recording.lines`.
/// Measurements are hidden, so the lines are the same on every run.
public final class RecordedNarration: @unchecked Sendable {
    // @unchecked: `recorded` is only touched under `lock` (narrators may write from several threads).
    private let lock = NSLock()
    private var recorded: [String] = []

    public init() {}

    public var narrator: Narrator {
        Narrator(hidesMeasurements: true) { [self] line in lock.withLock { recorded.append(line) } }
    }

    public var lines: [String] { lock.withLock { recorded } }
}
