import ArgumentParser
import CourseRunner
import Foundation

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Every exercise and where you stand (edited ones are checked).")

    func run() throws {
        var session = try Session()
        var passed = 0
        let rows = session.manifest.exercises.enumerated().map { index, exercise in
            let (status, _) = session.progress.status(exercise)
            if status == .passed { passed += 1 }
            return [
                String(index + 1), status.mark, exercise.id, exercise.kind.rawValue, status.rawValue, exercise.section,
            ]
        }
        let widths = (0..<6).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            print(
                row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                    .joined(separator: "  ").trimmingCharacters(in: .whitespaces))
        }
        print("\n\(passed) of \(rows.count) pass. \(command("")) checks the next unfinished one.")
        try session.save()
    }
}
