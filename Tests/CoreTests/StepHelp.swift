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
    /// `stepN --help` for each of `HelpTests.steps`, several at a time, in a folder of their own.
    private static let roots: [String: Result<ProcessResult, any Error>] = {
        let steps = HelpTests.steps
        let helps = Parallel.map(steps) { step in
            Result {
                let directory = try TemporaryDirectory()
                defer { directory.remove() }
                return try StepProcess.run(step, ["--help"], in: directory)
            }
        }
        return Dictionary(uniqueKeysWithValues: zip(steps, helps))
    }()

    /// What `step --help` printed (`step`: "step3").
    static func root(_ step: String) throws -> ProcessResult {
        guard let help = roots[step] else { throw NoSuchStep(step: step) }
        return try help.get()
    }

    struct NoSuchStep: Error, CustomStringConvertible {
        var step: String
        var description: String { "no folder Steps/\(step)" }
    }
}
