import CourseTestSupport
import Foundation
import Testing

/// What `--stats` counts, kept as reviewed output: for every step with a
/// `Tests/Golden/stats/<step>.args` (one command a line, `#` a comment; a line
/// that starts with another step runs that step), the commands run in order in
/// one scratch folder, exactly as `scripts/golden.sh` runs them, and what they
/// print must equal `Tests/Golden/stats/<step>.txt`.
/// The chapters quote those files (`<!-- output: Tests/Golden/stats/… -->`):
/// a change that adds a scan, a sort or a sync to a command changes its counts,
/// and this test names the line.
typealias StatsGoldenTests = EveryStep.StatsGoldenTests
extension EveryStep { @Suite(.temporaryDirectory) struct StatsGoldenTests {} }

extension StatsGoldenTests {
    static let folder = workspaceRoot.appendingPathComponent("Tests/Golden/stats")

    static let steps =
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?
        .filter { $0.hasSuffix(".args") }.map { String($0.dropLast(5)) }.sorted() ?? []

    /// The command lines of `step`'s .args file, each split into its words.
    static func commands(_ step: String) throws -> [[String]] {
        let text = try String(contentsOf: folder.appendingPathComponent("\(step).args"), encoding: .utf8)
        return text.split(separator: "\n")
            .filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.split(separator: " ").map(String.init) }
    }

    /// The chapters of steps 2 to 11 read these files (7's reads a release build's).
    @Test func everyChapterThatQuotesCountsHasItsCommands() {
        let expected = ["step10", "step11", "step2", "step3", "step4", "step5", "step6", "step8", "step9"]
        #expect(Set(expected).isSubset(of: Self.steps), "Tests/Golden/stats/ has \(Self.steps), not \(expected)")
    }

    /// A tour is a subcommand too: `stepN --stats` reports once, after it. (Step 1's tour is `Tour`,
    /// step 5's its own command; both read `--stats` from the step's options, through their parent.)
    @Test(arguments: TestedSteps.only(["step1", "step5"]))
    func aTourReportsItsCountsOnce(_ step: String) throws {
        let result = try StepProcess.run(step, ["tour", "--stats"], in: try TemporaryDirectory.current)
        #expect(result.status == 0, "\(result.stderr)")
        let reports = result.stdout.components(separatedBy: "\n--stats: what SQLite did").count - 1
        #expect(reports == 1, "\(step) tour --stats printed \(reports) reports")
    }

    @Test(arguments: TestedSteps.only(steps))
    func statsMatchTheGoldenFile(_ step: String) throws {
        let directory = try TemporaryDirectory.current
        var printed = ""
        for line in try Self.commands(step) {
            let other = line.first.map { $0.hasPrefix("step") && $0.dropFirst(4).allSatisfy(\.isNumber) } ?? false
            let (run, words) = other ? (line[0], Array(line.dropFirst())) : (step, line)
            printed += "$ make \(run) ARGS=\"\(words.joined(separator: " "))\"\n"
            let result = try StepProcess.run(run, words, in: directory)
            printed += result.stdout
            if result.status != 0 { printed += "(exit status \(result.status))\n" }
        }
        guard let expected = try? String(contentsOf: Self.folder.appendingPathComponent("\(step).txt"), encoding: .utf8)
        else {
            Issue.record("No Tests/Golden/stats/\(step).txt: run `make golden STEPS=\(step)`, then review it.")
            return
        }
        if printed != expected {
            Issue.record(
                """
                \(step)'s --stats commands differ from Tests/Golden/stats/\(step).txt (− golden, + now).
                If the change is intended, run `make golden STEPS=\(step)` and review the diff.
                \(lineDiff(expected, printed) ?? "(no printable difference)")
                """)
        }
    }
}
