import CourseCore
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
        checkTourFiles(step, in: directory, sourceLocation: sourceLocation)
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

    /// The files a tour leaves in `db/`: only `<step>-tour.sqlite` (and, beside it, its `-wal` and `-shm`), a
    /// file of `step` as `DatabaseFile` tells it, the way every step's refusal names the step that made a file
    /// (docs/appendix-file-compatibility.md): its step reads it, and every other step calls it a file of that step.
    static func checkTourFiles(_ step: String, in directory: TemporaryDirectory, sourceLocation: SourceLocation) {
        let folder = directory.file("db")
        let file = "\(step)-tour.sqlite"
        let left = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        let others = left.filter { ![file, file + "-wal", file + "-shm"].contains($0) }
        #expect(others.isEmpty, "\(step)'s tour left other files in db/: \(others)", sourceLocation: sourceLocation)
        guard left.contains(file) else { return }  // (step 4's tour works in memory)
        let kind: String? =
            switch DatabaseFile.inspect(folder + "/" + file) {
            case .database(let contents): contents.kind?.step
            default: nil
            }
        #expect(
            kind == step, "\(step)'s tour left db/\(file), which the steps call a \(kind ?? "no step's") file",
            sourceLocation: sourceLocation)
    }
}
