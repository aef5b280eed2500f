import CourseTestSupport
import Foundation
import Testing

/// `--help` is what a learner reads first: every step's, and every
/// subcommand's, is compared with `Tests/Golden/help/` (written by `make golden`).
typealias HelpTests = EveryStep.HelpTests
extension EveryStep { @Suite(.temporaryDirectory) struct HelpTests {} }

extension HelpTests {
    static let steps = StepHelp.steps

    static let helpFolder = workspaceRoot.appendingPathComponent("Tests/Golden/help")

    /// The subcommand names under `SUBCOMMANDS:` in a step's help, as scripts/golden.sh reads them.
    static func subcommands(inHelp help: String) -> [String] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "SUBCOMMANDS:") else { return [] }
        return lines[(start + 1)...].prefix { !$0.isEmpty }
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// Compares `result`, the output of `step arguments --help`, with its golden file.
    func expectGolden(_ result: ProcessResult, _ step: String, _ arguments: [String], file name: String) {
        #expect(result.status == 0, "\(step) \(arguments) --help: \(result.stderr)")
        let url = Self.helpFolder.appendingPathComponent(name)
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("No golden help Tests/Golden/help/\(name): run `make golden`, then review it.")
            return
        }
        #expect(result.stdout == expected, "Tests/Golden/help/\(name) differs: if intended, run `make golden`")
    }

    @Test(arguments: TestedSteps.only(steps))
    func everyHelpMatchesItsGoldenFile(_ step: String) throws {
        let root = try StepHelp.root(step)
        let subcommands = Self.subcommands(inHelp: root.stdout)
        #expect(!subcommands.isEmpty, "\(step) --help lists no subcommands")
        expectGolden(root, step, [], file: "\(step).txt")
        // Each subcommand's help is a process of its own: several at a time (StepHelp: once for every test).
        let helps = StepHelp.subcommands(step, subcommands)
        for (subcommand, help) in zip(subcommands, helps) {
            expectGolden(try help.get(), step, [subcommand], file: "\(step)-\(subcommand).txt")
        }
        // A golden file for a subcommand that no longer exists is stale.
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.helpFolder.path)
            .filter { $0.hasPrefix("\(step)-") }
        let expected = Set(subcommands.map { "\(step)-\($0).txt" })
        #expect(Set(files).subtracting(expected).isEmpty, "stale help files: run `make golden`")
    }

    @Test func subcommandsAreReadFromTheHelpText() {
        let help = """
            USAGE: step9 <subcommand>

            SUBCOMMANDS:
              tour (default)          Run the lesson.
              add-player              Add a player, with a description long
                                      enough to wrap.

              See 'step9 help <subcommand>' for detailed help.
            """
        #expect(Self.subcommands(inHelp: help) == ["tour", "add-player"])
    }
}
