import CourseTestSupport
import Foundation
import Testing

/// The step's read subcommand, run on another thread (the test goes on while it runs).
// @unchecked: `outcome` is written before `done` is signalled, and read only after waiting for it.
final class StepReading: @unchecked Sendable {
    private var outcome: Result<ProcessResult, any Error> = .failure(CancellationError())
    private let done = DispatchSemaphore(value: 0)

    init(step: Int, in directory: TemporaryDirectory) {
        Thread.detachNewThread { [self] in
            outcome = Result {
                try StepProcess.run(
                    "step\(step)", FileCompatibilityTests.reading(step) + ["--database", "x.sqlite"], in: directory)
            }
            done.signal()
        }
    }

    func result() throws -> ProcessResult {
        done.wait()
        return try outcome.get()
    }
}
