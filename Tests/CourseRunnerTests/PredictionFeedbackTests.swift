import Foundation
import Testing

@testable import CourseRunner

extension BuildStage.SharedChecks {
    /// A failing prediction never shows what the program prints. The real check of
    /// s1-bind-predict (no GRDB; built in .build/isolation, as IsolationTests' are)
    /// runs on the solution, which shows the printed lines, then on wrong
    /// predictions: their output holds none of those lines.
    @Suite struct PredictionFeedbackTests {
        @Test func aFailingPredictionShowsNoneOfTheProgramsLines() throws {
            let scratchPath = repositoryRoot.appendingPathComponent(".build/isolation").path
            let manifest = try Manifest.load(root: repositoryRoot)
            let exercise = try manifest.exercise("s1-bind-predict")
            let build = Shell.run(
                [
                    ProcessInfo.processInfo.environment["SWIFT"] ?? "swift", "build", "--product",
                    "check-\(exercise.id)", "--scratch-path", scratchPath, "--disable-build-manifest-caching",
                ],
                in: repositoryRoot,
                environment: Checker.environment([exercise], folder: "Solutions", product: "check-\(exercise.id)"))
            try #require(build.status == 0, "\(build.output)")
            func check(_ folder: URL) -> Shell.Result {
                Shell.run(
                    [scratchPath + "/debug/check-\(exercise.id)"], in: repositoryRoot,
                    environment: ["COURSE_EXERCISE_DIR": folder.path])
            }
            let solved = check(repositoryRoot.appendingPathComponent("Solutions/\(exercise.id)"))
            let printed = solved.output.components(separatedBy: "\n").filter { $0.hasPrefix("  | ") }.map {
                $0.dropFirst(4)
            }
            #expect(solved.status == 0 && printed.count == 5, "\(solved.output)")

            let wrong = try scratchFolder("prediction")
            defer { try? FileManager.default.removeItem(at: wrong) }
            for (guess, firstWrong) in [
                ("???\n", 1), ("Blob: inserted\nBlob: inserted\n", 2),
                (printed[0..<3].joined(separator: "\n") + "\nlast id: 3\n", 4),
            ] {
                try write(guess, to: wrong.appendingPathComponent("prediction.txt"))
                let failed = check(wrong)
                #expect(failed.status == 1)
                #expect(failed.output.contains("line \(firstWrong) of prediction.txt"), "\(failed.output)")
                for line in printed { #expect(!failed.output.contains(line), "shows \"\(line)\":\n\(failed.output)") }
            }
            // A line is named by its number in the file, comments and blank lines counted (issue 28):
            // here the comments are lines 1 and 2, a blank line 3, and line 5, blank, is the mistake.
            try write(
                "# my guess\n# (Blob first)\n\n\(printed[0])\n\n" + printed[1...].joined(separator: "\n") + "\n",
                to: wrong.appendingPathComponent("prediction.txt"))
            let blank = check(wrong)
            #expect(
                blank.output.contains(
                    "✗ prediction.txt matches what Program.swift prints: "
                        + "line 5 of prediction.txt is blank, where Program.swift prints its line 2"), "\(blank.output)"
            )
            #expect(blank.output.contains("1 line matches, then line 5 differs"), "\(blank.output)")
            // Spaces at the ends of lines, and blank lines after them, do not count.
            try write(
                printed.map { $0 + "  " }.joined(separator: "\n") + "\n\n",
                to: wrong.appendingPathComponent("prediction.txt"))
            #expect(check(wrong).status == 0)
        }
    }
}
