import CourseRunner
import Foundation

/// Set when the learner types q and Enter (only read from a terminal).
final class QuitFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }

    func listen() {
        guard Terminal.isInteractive else { return }
        Thread.detachNewThread { [self] in
            while let line = readLine() {
                if line.trimmingCharacters(in: .whitespaces).lowercased() == "q" {
                    lock.withLock { value = true }
                    return
                }
            }
        }
    }
}
