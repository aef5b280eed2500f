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
    /// What the failing check says, whole: from its first `✗` line to the end
    /// (what was expected, what came, the SQL), or the compiler's `error:`
    /// lines. Empty when it passes or was not started.
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
        let root = progress.checkout.root
        let rows = progress.manifest.exercises.map { exercise in
            let (status, result) = progress.status(exercise)
            let notes = progress.state[exercise.id]
            let failure = status == .passed ? "" : Report.failure(result)
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

    /// The part of a failing result the report keeps: see `ReportRow.failure`.
    static func failure(_ result: CheckResult?) -> String {
        guard let result, !result.passed else { return "" }
        let lines = result.message.components(separatedBy: "\n")
        if result.stage == .check, let first = lines.firstIndex(where: { $0.hasPrefix("✗") }) {
            return lines[first...].joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return lines.filter { $0.contains("error:") }.joined(separator: "\n")
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

    /// JUnit XML for CI dashboards: one test case per exercise. A pass is a
    /// test that passed, an exercise not started a skipped one (`<skipped/>`),
    /// and a failing or not compiling one a failure whose text is all the
    /// check said (`failure`); its `message` is the status and the first line.
    public var junit: String {
        func escape(_ text: String) -> String {
            // XML 1.0 has no place for other control characters (a check's output could hold one).
            let kept = text.unicodeScalars.filter { $0 == "\n" || $0 == "\t" || $0.value >= 0x20 }
            return String(String.UnicodeScalarView(kept))
                .replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        let skipped = exercises.filter { $0.status == .notStarted }.count
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuite name=\"exercises\" tests=\"\(exercises.count)\" "
                + "failures=\"\(exercises.count - passed - skipped)\" errors=\"0\" skipped=\"\(skipped)\">",
        ]
        for row in exercises {
            let open = "  <testcase classname=\"step\(row.step)\" name=\"\(row.id)\""
            switch row.status {
            case .passed:
                lines.append(open + "/>")
            case .notStarted:
                lines.append(open + ">")
                lines.append("    <skipped message=\"not started\"/>")
                lines.append("  </testcase>")
            case .failing, .notCompiling:
                let first = row.failure.components(separatedBy: "\n").first ?? ""
                let message = first.isEmpty ? row.status.rawValue : "\(row.status.rawValue): \(first)"
                lines.append(open + ">")
                lines.append("    <failure message=\"\(escape(message))\">\(escape(row.failure))</failure>")
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
/// A folder whose report cannot be read (missing, empty, not JSON, written by
/// another version of the course) is left out of every count, and named with why.
public struct Cohort {
    public var reports: [(folder: String, report: Report)]
    /// The folders left out, each with what is wrong with its report.
    public var skipped: [(folder: String, reason: String)]
    /// The exercises the table lists, in the course's order: the manifest of the checkout that
    /// makes the table. A report must list exactly these (an older course had others).
    public var ids: [String]

    /// Reads DIR/.course/report.json for each folder.
    public static func load(_ folders: [String], exercises ids: [String]) -> Cohort {
        var cohort = Cohort(reports: [], skipped: [], ids: ids)
        for folder in folders {
            switch read(folder, ids: ids) {
            case .success(let report): cohort.reports.append((folder, report))
            case .failure(let problem): cohort.skipped.append((folder, problem.description))
            }
        }
        return cohort
    }

    /// One learner's report, or what is wrong with it (a sentence that names the file).
    static func read(_ folder: String, ids: [String]) -> Result<Report, RunnerError> {
        let url = URL(fileURLWithPath: folder).appendingPathComponent(".course/report.json")
        let file = "\(folder)/.course/report.json"
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            return .failure(RunnerError("\(folder): no such folder"))
        }
        guard let data = try? Data(contentsOf: url) else {
            return .failure(RunnerError("\(file) is missing: run `make ex ARGS=\"report\"` in that checkout"))
        }
        if String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return .failure(
                RunnerError("\(file) is empty (\(data.count) bytes): run `make ex ARGS=\"report\"` there again"))
        }
        guard (try? JSONSerialization.jsonObject(with: data)) != nil else {
            return .failure(RunnerError("\(file) is not valid JSON (a file cut short, or edited by hand)"))
        }
        let report: Report
        do {
            report = try JSONDecoder().decode(Report.self, from: data)
        } catch {
            return .failure(
                RunnerError("\(file) is from another version of the course: \(Cohort.describe(error))"))
        }
        let listed = report.exercises.map(\.id)
        let missing = ids.filter { !listed.contains($0) }
        let unknown = listed.filter { !ids.contains($0) }
        guard missing.isEmpty, unknown.isEmpty else {
            var parts: [String] = []
            if !missing.isEmpty { parts.append("no row for \(missing.joined(separator: ", "))") }
            if !unknown.isEmpty { parts.append("rows for \(unknown.joined(separator: ", ")), not in the course") }
            return .failure(
                RunnerError(
                    "\(file) is from another version of the course (\(Manifest.path) differs): "
                        + parts.joined(separator: "; ")))
        }
        return .success(report)
    }

    /// What a decoding error says, in words: the field it is about.
    static func describe(_ error: Error) -> String {
        func path(_ keys: [CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop { $0 == "." }
                .description
        }
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?:
            return "no field \"\(path(context.codingPath + [key]))\""
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .dataCorrupted(let context)?:
            return "field \"\(path(context.codingPath))\": \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }

    public var markdown: String {
        let names = reports.map { "\($0.report.learner) (\(URL(fileURLWithPath: $0.folder).lastPathComponent))" }
        var lines = [
            "# Cohort: \(reports.count) learners"
                + (skipped.isEmpty ? "" : " (\(skipped.count) more skipped: their reports cannot be read)"), "",
            "| exercise | " + names.joined(separator: " | ") + " | pass rate |",
            "| --- |" + String(repeating: " --- |", count: names.count + 1),
        ]
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
        if !skipped.isEmpty {
            lines += ["", "Skipped (not in any count):", ""]
            lines += skipped.map { "- \($0.reason)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func percent(_ part: Int, _ whole: Int) -> String {
        whole == 0 ? "–" : "\(part * 100 / whole)% (\(part)/\(whole))"
    }
}
