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
        #expect(report.junit.contains("tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"0\""))
        #expect(report.junit.contains("<testcase classname=\"step1\" name=\"s1-a\"/>"))
        #expect(
            report.junit.contains(
                "<failure message=\"failing: ✗ reads rows: expected 3\">✗ reads rows: expected 3\n  got: 0</failure>"))
    }

    /// What a report row keeps of a failing check: all of it from the
    /// first ✗, expected, got and SQL, however long; of a build, its errors.
    @Test func aFailureKeepsExpectedGotAndTheSQL() {
        let message = """
            ✓ reads the rows
            ✗ orders them: the rows in id order
              expected: 1  Ann
                        2  Bob
                        3  Cy
              got:      2  Bob
                        1  Ann
                        3  Cy
              SQL:      SELECT id, name FROM player
            """
        #expect(
            Report.failure(CheckResult(stage: .check, message: message, seconds: 0))
                == message.components(separatedBy: "\n").dropFirst().joined(separator: "\n"))
        let build = "Compiling…\nSolution.swift:3:5: error: cannot find 'x' in scope\nwarning: w"
        #expect(
            Report.failure(CheckResult(stage: .compile, message: build, seconds: 0))
                == "Solution.swift:3:5: error: cannot find 'x' in scope")
    }

    /// The instructor's report.xml, read back by junitparser, a JUnit reader
    /// that dashboards' tools build on: a pass passes, an exercise not started
    /// is skipped (not red), a failing one carries the check's whole text.
    /// junitparser is installed by scripts/ci-install.sh into .build/tools.
    @Test(
        .enabled(
            if: FileManager.default.fileExists(
                atPath: repositoryRoot.appendingPathComponent(".build/tools/junitparser-5.0.3/junitparser").path),
            "junitparser is not installed: scripts/ci-install.sh installs it into .build/tools"))
    func junitparserReadsTheReportBack() throws {
        let failure = "✗ orders them: the rows in id order\n  expected: 1 < 2 & \"3\"\n  got:      2, 1, 3"
        let rows = [
            row("s1-a", .passed), row("s1-b", .notStarted), row("s1-c", .failing, failure: failure),
            row("s1-d", .notCompiling, failure: "main.swift:1:1: error: expected expression"),
        ]
        let folder = try scratchFolder("junit")
        defer { try? FileManager.default.removeItem(at: folder) }
        try report("ann", rows).write(to: folder)
        let script = """
            import json, sys
            from junitparser import JUnitXml, Failure, Skipped
            xml = JUnitXml.fromfile(sys.argv[1])
            suites = [xml] if xml._tag == "testsuite" else list(xml)
            out = []
            for suite in suites:
                out.append({"tests": suite.tests, "failures": suite.failures, "skipped": suite.skipped})
                for case in suite:
                    kinds = [("failure" if isinstance(r, Failure) else "skipped" if isinstance(r, Skipped) else "other",
                              r.message, r.text) for r in case.result]
                    out.append({"name": case.name, "classname": case.classname, "results": kinds})
            print(json.dumps(out))
            """
        let tools = repositoryRoot.appendingPathComponent(".build/tools/junitparser-5.0.3").path
        let result = Shell.run(
            ["python3", "-c", script, folder.appendingPathComponent("report.xml").path], in: folder,
            environment: ["PYTHONPATH": tools])
        #expect(result.status == 0, "\(result.output)")
        let read = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]], "\(result.output)")
        #expect(read.first?["tests"] as? Int == 4)
        #expect(read.first?["failures"] as? Int == 2)
        #expect(read.first?["skipped"] as? Int == 1)
        let cases = Dictionary(uniqueKeysWithValues: read.dropFirst().map { ($0["name"] as? String ?? "", $0) })
        func results(_ name: String) -> [[String]] {
            (cases[name]?["results"] as? [[Any]] ?? []).map { $0.map { $0 as? String ?? "(none)" } }
        }
        #expect(results("s1-a").isEmpty)
        #expect(results("s1-b") == [["skipped", "not started", "(none)"]])
        #expect(results("s1-c") == [["failure", "failing: ✗ orders them: the rows in id order", failure]])
        #expect(
            results("s1-d") == [
                [
                    "failure", "does not compile: main.swift:1:1: error: expected expression",
                    "main.swift:1:1: error: expected expression",
                ]
            ])
        #expect(cases["s1-c"]?["classname"] as? String == "step1")
    }

    /// `make ex ARGS="report"` in a learner's checkout: the table on the screen, and the same table
    /// with its JSON and JUnit twins in .course/, where an instructor's cohort report reads them.
    @Test func theReportCommandWritesItsThreeFiles() throws {
        let copy = try LearnerCopy("report-command")
        defer { copy.remove() }
        let result = copy.course(["report"])
        #expect(result.status == 0, "\(result.output)")
        let folder = copy.root.appendingPathComponent(".course")
        let markdown = try String(contentsOf: folder.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(result.output.contains(markdown.trimmingCharacters(in: .newlines)))
        let cohort = Cohort.load(
            [copy.root.path], exercises: try Manifest.load(root: repositoryRoot).exercises.map(\.id))
        #expect(cohort.skipped.isEmpty, "\(cohort.skipped.map(\.reason))")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("report.xml").path))
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
        let cohort = Cohort.load([ann.path, bob.path], exercises: ["s1-a", "s1-b"])
        #expect(cohort.skipped.isEmpty)
        let table = cohort.markdown
        #expect(table.contains("| s1-a | ✓ | ✓ | 100% (2/2) |"))
        #expect(table.contains("| s1-b | ✓ | · | 50% (1/2) |"))
        #expect(table.contains("| **pass rate** | 100% (2/2) | 50% (1/2) | 75% (3/4) |"))

        // A report of an older format: valid JSON, a field this version needs is not there.
        let old = root.appendingPathComponent("old")
        try write(
            #"{"learner": "Old", "commit": "abc", "date": "2025-01-01", "exercises": []}"#,
            to: old.appendingPathComponent(".course/report.json"))
        #expect(
            Cohort.load([old.path], exercises: ["s1-a"]).skipped.map(\.reason) == [
                "\(old.path)/.course/report.json is from another version of the course: no field \"toolchain\""
            ])
    }

    /// A class of 30 checkouts, as an instructor collects them: 26 good reports (learner n
    /// passes the first n % 4 exercises), and one each missing, empty, malformed and from an
    /// older course (another exercise list). `make ex ARGS="report …"` runs in this
    /// repository: every bad folder is named with what is wrong, the table counts the 26
    /// others, and the command exits 1.
    @Test func aCohortOf30WithFourBadReports() throws {
        let root = try scratchFolder("cohort30")
        defer { try? FileManager.default.removeItem(at: root) }
        let ids = try Manifest.load(root: repositoryRoot).exercises.map(\.id)
        var folders: [String] = []
        for number in 1...30 {
            let name = String(format: "learner%02d", number)
            let folder = root.appendingPathComponent(name)
            let course = folder.appendingPathComponent(".course")
            folders.append(folder.path)
            switch number {
            case 7:  // never ran `make ex ARGS="report"`
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            case 12:  // the disk filled up while it was written
                try write("", to: course.appendingPathComponent("report.json"))
            case 19:  // cut short
                try write("{\"learner\": \"Lee\", \"exercises\": [", to: course.appendingPathComponent("report.json"))
            case 23:  // an older course: s1-read-nulls was called s1-nulls, and s10-safe-search did not exist
                let old = ids.filter { $0 != "s10-safe-search" }.map { $0 == "s1-read-nulls" ? "s1-nulls" : $0 }
                try report("Old", old.map { row($0, .passed) }).write(to: course)
            default:
                let passes = number % 4
                try report(name, ids.enumerated().map { row($1, $0 < passes ? .passed : .failing) }).write(to: course)
            }
        }
        let cohort = Cohort.load(folders, exercises: ids)
        #expect(cohort.reports.count == 26)
        let folder = { (number: Int) in root.appendingPathComponent(String(format: "learner%02d", number)).path }
        #expect(
            cohort.skipped.map(\.reason) == [
                "\(folder(7))/.course/report.json is missing: run `make ex ARGS=\"report\"` in that checkout",
                "\(folder(12))/.course/report.json is empty (0 bytes): run `make ex ARGS=\"report\"` there again",
                "\(folder(19))/.course/report.json is not valid JSON (a file cut short, or edited by hand)",
                "\(folder(23))/.course/report.json is from another version of the course (Exercises/manifest.json "
                    + "differs): no row for s1-read-nulls, s10-safe-search; rows for s1-nulls, not in the course",
            ])

        let output = root.appendingPathComponent("cohort.md").path
        let run = Shell.run([courseExecutable.path, "report", "--output", output] + folders, in: repositoryRoot)
        #expect(run.status == 1, "some folders were skipped")
        let table = try String(contentsOf: root.appendingPathComponent("cohort.md"), encoding: .utf8)
        #expect(table.hasPrefix("# Cohort: 26 learners (4 more skipped: their reports cannot be read)"))
        let header = table.components(separatedBy: "\n")[2]
        #expect(header.contains("(learner01)") && !header.contains("learner07") && !header.contains("Old"), "\(header)")
        // Learner n passes n % 4 exercises: 36 passes among the 26 read, of 26 × the exercises.
        let passes = (1...30).filter { ![7, 12, 19, 23].contains($0) }.map { $0 % 4 }.reduce(0, +)
        #expect(passes == 36)
        #expect(table.contains("% (\(passes)/\(ids.count * 26)) |\n"), "\(table)")
        for number in [7, 12, 19, 23] { #expect(run.output.contains(folder(number)), "names \(folder(number))") }
        #expect(run.output.contains("✗ 4 of 30 folders skipped"))
        if let out = ProcessInfo.processInfo.environment["COHORT_TABLE_OUT"] {
            try? Data((run.output).utf8).write(to: URL(fileURLWithPath: out))
        }
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
