import ArgumentParser
import CourseRunner
import Foundation

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write .course/report.md, .json and .xml (JUnit) for this checkout; with folders, a cohort table.")
    @Argument(help: "Learners' checkouts (each with its .course/report.json) for a cohort table.") var folders:
        [String] = []
    @Option(help: "Where the cohort table goes.") var output = "cohort.md"

    func run() throws {
        if !folders.isEmpty {
            let cohort = try Cohort.load(folders)
            try Data(cohort.markdown.utf8).write(to: URL(fileURLWithPath: output))
            print(cohort.markdown)
            print("Wrote \(output).")
            return
        }
        var session = try Session()
        let report = Report.make(&session.progress)
        try session.save()
        let folder = session.workspace.learnerRoot.appendingPathComponent(".course")  // beside state.json
        try report.write(to: folder)
        print(report.markdown)
        print("Wrote .course/report.md, .course/report.json and .course/report.xml (JUnit).")
    }
}
