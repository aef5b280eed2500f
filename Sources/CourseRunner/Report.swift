import Foundation

/// One row of the instructor's report.
public struct ReportRow: Codable, Sendable, Equatable {
    public var id: String
    public var step: Int
    public var kind: String
    public var status: Status
    public var attempts: Int
    public var hintsUsed: Int
    public var solutionViewed: Bool
    /// The first lines of the failing check's message (empty when it passes or was not started).
    public var failure: String
}

/// The report of one checkout: written as .course/report.json and .md.
public struct Report: Codable, Sendable {
    public var learner: String
    public var commit: String
    public var toolchain: String
    public var date: String
    public var exercises: [ReportRow]

    public var passed: Int { exercises.filter { $0.status == .passed }.count }

    public static func make(_ progress: inout LearnerProgress) -> Report {
        let root = progress.workspace.root
        let rows = progress.manifest.exercises.map { exercise in
            let (status, result) = progress.status(exercise)
            let notes = progress.state[exercise.id]
            let failure =
                status == .passed
                ? ""
                : (result?.message ?? "")
                    .components(separatedBy: "\n").filter {
                        $0.hasPrefix("✗") || $0.hasPrefix("  ") || $0.contains("error:")
                    }
                    .prefix(4).joined(separator: "\n")
            return ReportRow(
                id: exercise.id, step: exercise.step, kind: exercise.kind.rawValue, status: status,
                attempts: notes.attempts, hintsUsed: notes.hintsUsed,
                solutionViewed: notes.solutionViewed, failure: failure)
        }
        func firstLine(_ arguments: [String]) -> String {
            let result = Shell.run(arguments, in: root)
            return result.status == 0 ? (result.output.components(separatedBy: "\n").first ?? "") : "unknown"
        }
        let name = firstLine(["git", "config", "user.name"])
        return Report(
            learner: name.isEmpty || name == "unknown" ? root.lastPathComponent : name,
            commit: firstLine(["git", "rev-parse", "HEAD"]),
            toolchain: firstLine([progress.checker.swift, "--version"]),
            date: ISO8601DateFormatter().string(from: Date()),
            exercises: rows
        )
    }

    public var markdown: String {
        var lines = [
            "# Exercises: \(learner)", "",
            "\(passed) of \(exercises.count) pass. Commit `\(commit)`, \(toolchain), \(date).", "",
            "| exercise | step | kind | status | attempts | hints | solution seen | failing check says |",
            "| --- | --- | --- | --- | --- | --- | --- | --- |",
        ]
        for row in exercises {
            let failure = row.failure.replacingOccurrences(of: "|", with: "\\|")
                .components(separatedBy: "\n").joined(separator: "<br>")
            lines.append(
                "| \(row.id) | \(row.step) | \(row.kind) | \(row.status.mark) \(row.status.rawValue) | "
                    + "\(row.attempts) | \(row.hintsUsed)/3 | \(row.solutionViewed ? "yes" : "no") | \(failure) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// JUnit XML for CI dashboards: one test case per exercise.
    public var junit: String {
        func escape(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuite name=\"exercises\" tests=\"\(exercises.count)\" failures=\"\(exercises.count - passed)\">",
        ]
        for row in exercises {
            let open = "  <testcase classname=\"step\(row.step)\" name=\"\(row.id)\""
            if row.status == .passed {
                lines.append(open + "/>")
            } else {
                lines.append(open + ">")
                lines.append("    <failure message=\"\(row.status.rawValue)\">\(escape(row.failure))</failure>")
                lines.append("  </testcase>")
            }
        }
        lines.append("</testsuite>")
        return lines.joined(separator: "\n") + "\n"
    }

    public func write(to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: folder.appendingPathComponent("report.json"), options: .atomic)
        try Data(markdown.utf8).write(to: folder.appendingPathComponent("report.md"), options: .atomic)
        try Data(junit.utf8).write(to: folder.appendingPathComponent("report.xml"), options: .atomic)
    }
}

/// Several learners' reports side by side: pass rate per exercise and per learner.
public struct Cohort {
    public var reports: [(folder: String, report: Report)]

    /// Reads DIR/.course/report.json for each folder.
    public static func load(_ folders: [String]) throws -> Cohort {
        try Cohort(
            reports: folders.map { folder in
                let url = URL(fileURLWithPath: folder).appendingPathComponent(".course/report.json")
                guard let data = try? Data(contentsOf: url) else {
                    throw RunnerError("\(url.path) is missing: run `make ex ARGS=\"report\"` in \(folder) first")
                }
                return (folder, try JSONDecoder().decode(Report.self, from: data))
            })
    }

    public var markdown: String {
        let names = reports.map { "\($0.report.learner) (\(URL(fileURLWithPath: $0.folder).lastPathComponent))" }
        var lines = [
            "# Cohort: \(reports.count) learners", "",
            "| exercise | " + names.joined(separator: " | ") + " | pass rate |",
            "| --- |" + String(repeating: " --- |", count: names.count + 1),
        ]
        let ids = reports.first?.report.exercises.map(\.id) ?? []
        for id in ids {
            let statuses = reports.map { $0.report.exercises.first { $0.id == id }?.status }
            let passed = statuses.filter { $0 == .passed }.count
            lines.append(
                "| \(id) | " + statuses.map { $0?.mark ?? "?" }.joined(separator: " | ")
                    + " | \(percent(passed, reports.count)) |")
        }
        lines.append(
            "| **pass rate** | "
                + reports.map { percent($0.report.passed, $0.report.exercises.count) }
                .joined(separator: " | ")
                + " | \(percent(reports.map(\.report.passed).reduce(0, +), ids.count * reports.count)) |")
        return lines.joined(separator: "\n") + "\n"
    }

    func percent(_ part: Int, _ whole: Int) -> String {
        whole == 0 ? "–" : "\(part * 100 / whole)% (\(part)/\(whole))"
    }
}
