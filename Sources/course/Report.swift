import ArgumentParser
import CourseRunner
import Foundation

extension Course {
    struct Report: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "report",
            abstract: "Write .course/report.md, .json and .xml (JUnit) for this checkout; with folders, a cohort table."
        )
        @Argument(help: "Learners' checkouts (each with its .course/report.json) for a cohort table.") var folders:
            [String] = []
        @Option(help: "Where the cohort table goes.") var output = "cohort.md"

        func run() throws {
            if !folders.isEmpty {
                // The table lists this checkout's exercises; a report of another course version is skipped.
                let checkout = try Checkout.current()
                let ids = try Manifest.load(root: checkout.root).exercises.map(\.id)
                let cohort = Cohort.load(folders, exercises: ids)
                guard !cohort.reports.isEmpty else {
                    for (_, reason) in cohort.skipped { print("✗ \(reason)") }
                    throw RunnerError("no report could be read: no table written")
                }
                try Data(cohort.markdown.utf8).write(to: URL(fileURLWithPath: output))
                print(cohort.markdown)
                print("Wrote \(output).")
                // Status 1 when a folder was left out: a script (or make) sees the table is not the whole class.
                guard cohort.skipped.isEmpty else {
                    print(
                        "✗ \(cohort.skipped.count) of \(folders.count) folders skipped (listed above): "
                            + "the table counts the other \(cohort.reports.count).")
                    throw ExitCode(1)
                }
                return
            }
            var session = try Session()
            let report = CourseRunner.Report.make(&session.progress)
            try session.save()
            let folder = session.checkout.learnerRoot.appendingPathComponent(".course")  // beside state.json
            try report.write(to: folder)
            print(report.markdown)
            print("Wrote .course/report.md, .course/report.json and .course/report.xml (JUnit).")
        }
    }
}
