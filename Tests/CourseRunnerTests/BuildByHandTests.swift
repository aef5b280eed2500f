import Foundation
import Testing

@testable import CourseRunner

extension BuildStage.SharedChecks {
    /// `make ex ARGS="build ID"` builds an exercise's check as `check` does and prints the two commands that do
    /// the same by hand; run from the repository root, they build that check and say what `check` says. On a
    /// copy of the committed exercises (s1-bind-predict: no GRDB, in .build/isolation as its other tests).
    @Suite struct BuildByHandTests {
        @Test func buildPrintsTheCommandsThatBuildAndRunTheCheckByHand() throws {
            let copy = try LearnerCopy("build-by-hand")
            defer { copy.remove() }
            let built = copy.course(["build", "s1-bind-predict"])
            #expect(built.status == 0, "\(built.output)")
            let lines = built.output.components(separatedBy: "\n")
            let build = try #require(lines.firstIndex { $0.hasSuffix("the build of s1-bind-predict's check,") })
            let check = try #require(lines.firstIndex { $0.hasPrefix("then the check, on ") })
            let buildCommand = lines[build + 1].trimmingCharacters(in: .whitespaces)
            let checkCommand = lines[check + 1].trimmingCharacters(in: .whitespaces)
            let folder = ".build/course-tests/build-by-hand/Exercises"
            #expect(
                buildCommand == "COURSE_EXERCISES=s1-bind-predict:predict COURSE_EXERCISE_ROOT=\(folder) "
                    + "COURSE_PRODUCT=check-s1-bind-predict swift build --disable-build-manifest-caching "
                    + "--scratch-path .build/isolation --product check-s1-bind-predict")
            #expect(
                checkCommand
                    == "COURSE_EXERCISE_DIR=\(folder)/s1-bind-predict .build/isolation/debug/check-s1-bind-predict")

            // By hand: the build makes the check again, and the check says what `check` says.
            let binary = repositoryRoot.appendingPathComponent(".build/isolation/debug/check-s1-bind-predict")
            try FileManager.default.removeItem(at: binary)
            let rebuilt = Shell.run(["sh", "-c", buildCommand], in: repositoryRoot)
            #expect(rebuilt.status == 0, "\(rebuilt.output)")
            #expect(FileManager.default.isExecutableFile(atPath: binary.path))
            let byHand = Shell.run(["sh", "-c", checkCommand], in: repositoryRoot)
            let checked = copy.course(["check", "s1-bind-predict"])
            #expect(byHand.status == 1 && checked.status == 1)
            let report = byHand.output.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(report.contains("line 3 of prediction.txt is still ???"), "\(report)")
            #expect(checked.output.contains(report), "check:\n\(checked.output)\nby hand:\n\(report)")
        }
    }
}
