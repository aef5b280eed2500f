import Foundation
import Testing

@testable import CourseRunner

@Suite struct ReportTests {
    func row(_ id: String, _ status: Status, failure: String = "") -> ReportRow {
        ReportRow(
            id: id, step: 1, kind: "write", status: status, attempts: 2, hintsUsed: 1,
            solutionViewed: status == .passed, failure: failure)
    }

    func report(_ learner: String, _ rows: [ReportRow]) -> Report {
        Report(learner: learner, commit: "abc", toolchain: "Swift 6.3.1", date: "2026-01-01T00:00:00Z", exercises: rows)
    }

    @Test func markdownAndJUnitSayWhatFailed() {
        let report = report(
            "ann", [row("s1-a", .passed), row("s1-b", .failing, failure: "✗ reads rows: expected 3\n  got: 0")])
        #expect(report.markdown.contains("1 of 2 pass."))
        #expect(
            report.markdown.contains(
                "| s1-b | 1 | write | ✗ failing | 2 | 1/3 | no | ✗ reads rows: expected 3<br>  got: 0 |"))
        #expect(report.junit.contains("tests=\"2\" failures=\"1\""))
        #expect(report.junit.contains("<testcase classname=\"step1\" name=\"s1-a\"/>"))
        #expect(report.junit.contains("<failure message=\"failing\">✗ reads rows: expected 3\n  got: 0</failure>"))
    }

    /// Two learners' report.json files, read back from disk into one table.
    @Test func cohortTableFromReportFiles() throws {
        let root = try scratchFolder("cohort")
        defer { try? FileManager.default.removeItem(at: root) }
        let ann = root.appendingPathComponent("ann")
        let bob = root.appendingPathComponent("bob")
        try report("Ann", [row("s1-a", .passed), row("s1-b", .passed)]).write(to: ann.appendingPathComponent(".course"))
        try report("Bob", [row("s1-a", .passed), row("s1-b", .notStarted)]).write(
            to: bob.appendingPathComponent(".course"))
        let table = try Cohort.load([ann.path, bob.path]).markdown
        #expect(table.contains("| s1-a | ✓ | ✓ | 100% (2/2) |"))
        #expect(table.contains("| s1-b | ✓ | · | 50% (1/2) |"))
        #expect(table.contains("| **pass rate** | 100% (2/2) | 50% (1/2) | 75% (3/4) |"))
        #expect(throws: RunnerError.self) { try Cohort.load([root.appendingPathComponent("nobody").path]) }
    }

    /// The state file only holds notes: a missing or corrupt one is an empty state.
    @Test func losingTheStateFileLosesOnlyNotes() throws {
        let root = try scratchFolder("state")
        defer { try? FileManager.default.removeItem(at: root) }
        let url = root.appendingPathComponent("state.json")
        #expect(CourseState.load(url).exercises.isEmpty)
        var state = CourseState()
        state["s1-a"].hintsUsed = 2
        try state.save(url)
        #expect(CourseState.load(url)["s1-a"].hintsUsed == 2)
        try Data("{not json".utf8).write(to: url)
        #expect(CourseState.load(url).exercises.isEmpty)
    }

    @Test func fingerprintsChangeWithContent() throws {
        let root = try scratchFolder("fingerprint")
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("a.swift")
        try write("let a = 1\n", to: file)
        let first = fingerprint([file])
        #expect(fingerprint([file]) == first)
        try write("let a = 2\n", to: file)
        #expect(fingerprint([file]) != first)
    }
}
