import CourseTestSupport
import Foundation
import Testing

/// Every step's `stepN --help`, run once per test process and shared.
///
/// Why: HelpTests compares it with its golden file, SharedOptionsTests reads its
/// usage line, and CommandLineTests reads the subcommands from it, twice. Each ran
/// its own: 40 step processes where 10 give the same text (the help depends on
/// neither the folder nor the database; each ran with the same environment).
enum StepHelp {
    /// `step --help` for each step asked for so far, behind `lock`.
    nonisolated(unsafe) private static var roots: [String: Result<ProcessResult, any Error>] = [:]
    private static let lock = NSLock()

    /// What `step --help` printed (`step`: "step3"). The first call runs it for every step this run tests
    /// (TestedSteps), several at a time; another step's help runs when it is asked for.
    static func root(_ step: String) throws -> ProcessResult {
        guard HelpTests.steps.contains(step) else { throw NoSuchStep(step: step) }
        return try lock.withLock {
            if roots[step] == nil {
                let steps = Array(Set(TestedSteps.only(HelpTests.steps) + [step]).subtracting(roots.keys))
                let helps = Parallel.map(steps) { step in
                    Result {
                        let directory = try TemporaryDirectory()
                        defer { directory.remove() }
                        return try StepProcess.run(step, ["--help"], in: directory)
                    }
                }
                roots.merge(zip(steps, helps)) { first, _ in first }
            }
            return try roots[step, default: .failure(NoSuchStep(step: step))].get()
        }
    }

    struct NoSuchStep: Error, CustomStringConvertible {
        var step: String
        var description: String { "no folder Steps/\(step)" }
    }
}
