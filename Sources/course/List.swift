import ArgumentParser
import CourseRunner
import Foundation

extension Course {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Every exercise and where you stand, step by step (edited ones are checked).")

        static let columns = ["#", "status", "id", "kind", "state", "chapter"]

        func run() throws {
            var session = try Session()
            var passed = 0
            // One row per exercise; the chapter column is the section, its file is on the step's line.
            let rows = session.manifest.exercises.enumerated().map { index, exercise in
                let (status, _) = session.progress.status(exercise)
                if status == .passed { passed += 1 }
                let section = exercise.section.dropFirst(exercise.chapter.count)
                return [
                    String(index + 1), status.mark, exercise.id, exercise.kind.rawValue, status.rawValue,
                    String(section),
                ]
            }
            let widths = Self.columns.indices.map { column in
                (rows + [Self.columns]).map { $0[column].count }.max() ?? 0
            }
            func line(_ cells: [String]) -> String {
                cells.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                    .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
            }
            print(line(Self.columns))
            var step = 0
            for (exercise, row) in zip(session.manifest.exercises, rows) {
                if exercise.step != step {
                    step = exercise.step
                    print("── Step \(step) · \(exercise.chapter) ──")
                }
                print(line(row))
            }
            print("\n\(passed) of \(rows.count) pass. \(command("")) checks the next unfinished one.")
            try session.save()
        }
    }
}
