import Foundation
import Testing

/// Golden files: the reviewed output of each step's tour, in `Tests/Golden/`.
///
/// They are written only by `make golden` (scripts/golden.sh), never by a
/// test: a test that rewrote its own expectation could not fail.
public enum Golden {
    public static func url(_ name: String) -> URL {
        workspaceRoot.appendingPathComponent("Tests/Golden/\(name).txt")
    }

    /// Runs `step`'s tour exactly as `scripts/golden.sh` does and compares
    /// its standard output with `Tests/Golden/<step>.txt`.
    public static func checkTour(
        _ step: String, arguments: [String] = [], golden: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let name = golden ?? step
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try StepProcess.run(step, arguments, in: directory)
        #expect(result.status == 0, "tour failed: \(result.stderr)", sourceLocation: sourceLocation)
        guard let expected = try? String(contentsOf: url(name), encoding: .utf8) else {
            Issue.record(
                "No golden file Tests/Golden/\(name).txt: run `make golden`, then review it.",
                sourceLocation: sourceLocation)
            return
        }
        if result.stdout != expected {
            let difference = lineDiff(expected, result.stdout) ?? "(no printable difference)"
            Issue.record(
                """
                \(step)'s tour differs from Tests/Golden/\(name).txt (− golden, + now).
                If the change is intended, run `make golden` and review the diff.
                \(difference)
                """, sourceLocation: sourceLocation)
        }
    }
}
