import Foundation
import Testing

/// Every step's `--help`, and each subcommand's, run once per test process and shared by every test target.
///
/// Why: HelpTests compares each with its golden file, SharedOptionsTests reads the root's usage line,
/// CommandLineTests reads the subcommands from it, twice, and Step4Tests reads what step 4's subcommands
/// say. Each ran its own, where one process gives the text (a help depends on neither the folder nor the
/// database, and each runs with the same environment).
public enum StepHelp {
    /// The steps there are: Steps/step1, Steps/step2, …
    public static let steps =
        (try? FileManager.default.contentsOfDirectory(
            atPath: workspaceRoot.appendingPathComponent("Steps").path))?
        .filter { $0.hasPrefix("step") }.sorted() ?? []

    /// Every help asked for so far (step, subcommand or "" for the root), behind `lock`.
    nonisolated(unsafe) private static var helps: [[String]: Result<ProcessResult, any Error>] = [:]
    private static let lock = NSLock()

    /// What `step --help` printed (`step`: "step3"). The first call runs it for every step this run tests
    /// (TestedSteps), several at a time; another step's help runs when it is asked for.
    public static func root(_ step: String) throws -> ProcessResult {
        try helps([[step]] + TestedSteps.only(steps).filter { $0 != step }.map { [$0] })[0].get()
    }

    /// What `step subcommand --help` printed, for each of `subcommands`, several at a time.
    public static func subcommands(_ step: String, _ subcommands: [String]) -> [Result<ProcessResult, any Error>] {
        helps(subcommands.map { [step, $0] })
    }

    /// The helps `keys` name ([step] or [step, subcommand]), in their order: those not asked for before
    /// run now, several at a time.
    private static func helps(_ keys: [[String]]) -> [Result<ProcessResult, any Error>] {
        lock.withLock {
            let missing = Array(Set(keys.filter { helps[$0] == nil }))
            let results = Parallel.map(missing) { key in
                Result { () throws -> ProcessResult in
                    guard steps.contains(key[0]) else { throw NoSuchStep(step: key[0]) }
                    let directory = try TemporaryDirectory()
                    defer { directory.remove() }
                    return try StepProcess.run(key[0], Array(key.dropFirst()) + ["--help"], in: directory)
                }
            }
            helps.merge(zip(missing, results)) { first, _ in first }
            return keys.map { helps[$0] ?? .failure(NoSuchStep(step: $0[0])) }
        }
    }

    public struct NoSuchStep: Error, CustomStringConvertible {
        public var step: String
        public var description: String { "no folder Steps/\(step)" }
    }
}
