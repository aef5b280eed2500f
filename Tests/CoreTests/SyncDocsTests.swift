import CourseTestSupport
import Foundation
import Testing

/// `make docs` (scripts/sync-docs.py) after a tour's output changed: each output block is
/// refreshed from its golden file, or named when it is like no part of it; `make golden STEPS=…`
/// rewrites only those steps.
@Suite struct SyncDocsTests {
    /// The golden file after the tour changed: line 2 reworded, a line added after it, the last line reworded.
    static let golden = "1. Open\n   → opened, in WAL mode\n   → 2 tables\n2. Close\n   → closed for good\n"

    /// Blocks as the chapter showed the old output: one whose middle changed, one whose last line
    /// changed; one like nothing in the file; a make block whose target fails (no Makefile here).
    static let chapter = """
        <!-- output: Tests/Golden/step1.txt -->
        ```text
        1. Open
           → opened
        2. Close
        ```

        <!-- output: Tests/Golden/step1.txt -->
        ```text
           → 2 tables
        2. Close
           → closed
        ```

        <!-- output: Tests/Golden/step1.txt -->
        ```text
        9. Something else entirely
           → never printed
        ```

        <!-- make no-such-target -->
        ```text
        kept
        ```

        """

    @Test func outputBlocksAreRefreshedFromTheGoldenFileOrNamed() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        try Self.copyScripts(to: root.url)
        for (path, text) in ["Tests/Golden/step1.txt": Self.golden, "docs/01-a.md": Self.chapter] {
            try Self.write(text, to: path, in: root.url)
        }
        let before = try DocsCheck.problems(root: root.url).problems
        #expect(before.count == 4, "every block stale before")
        // make's complaint is in the problem (captured, not printed in the suite's output).
        #expect(
            before.contains {
                $0.contains("`make no-such-target` failed (status 2): ")
                    && $0.contains("No rule to make target 'no-such-target'")
            }, "\(before)")

        let (status, output) = try run(["python3", "scripts/sync-docs.py"], in: root.url)
        #expect(status == 1, "a block left stale is an error: \(output)")
        for line in [
            "docs/01-a.md:1: output block refreshed from Tests/Golden/step1.txt (2 line(s) changed)",
            "docs/01-a.md:9: output block refreshed from Tests/Golden/step1.txt (1 line(s) changed)",
            "docs/01-a.md:16: this block is like no part of Tests/Golden/step1.txt",
            "docs/01-a.md:22: `make no-such-target` could not run",
        ] {
            #expect(output.contains(line), "\(output)")
        }
        let text = try String(contentsOf: root.url.appendingPathComponent("docs/01-a.md"), encoding: .utf8)
        // From its first line to its last, as the golden file has them now; the last line's new words
        // in place (not the run one line higher); the other two blocks untouched.
        #expect(
            text.hasPrefix(
                "<!-- output: Tests/Golden/step1.txt -->\n```text\n1. Open\n   → opened, in WAL mode\n"
                    + "   → 2 tables\n2. Close\n```\n"))
        #expect(text.contains("```text\n   → 2 tables\n2. Close\n   → closed for good\n```"), "\(text)")
        #expect(text.contains("9. Something else entirely\n   → never printed\n"))
        #expect(text.hasSuffix("<!-- make no-such-target -->\n```text\nkept\n```\n"), "\(text)")
        let left = try DocsCheck.problems(root: root.url).problems
        #expect(left.count == 2 && left.first?.hasPrefix("docs/01-a.md:16") == true, "\(left)")
    }

    /// A chapter's measured figures: one quoted by name but stale, one typed by hand, one marker that names
    /// no figure, and a claim's bound (which is no measurement). `figures.py --check` names the three
    /// problems; `make docs` rewrites the stale figure from the kept results and leaves the rest.
    @Test func figuresAreRefreshedFromTheirResultsAndTypedOnesAreFound() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        try Self.copyScripts(to: root.url)
        let results = workspaceRoot.appendingPathComponent("Benchmarks/results")
        let runs = try FileManager.default.contentsOfDirectory(atPath: results.path).filter { $0.hasSuffix(".json") }
        for name in runs {
            try Self.write(
                String(contentsOf: results.appendingPathComponent(name), encoding: .utf8),
                to: "Benchmarks/results/\(name)", in: root.url)
        }
        let chapter = """
            The <!-- fig: runs-kept -->seventeen<!-- /fig --> runs kept; a search took 12.5 ms here,
            <!-- fig: no-such-figure -->1 s<!-- /fig -->; the claim is at least 5× faster.

            """
        try Self.write(chapter, to: "docs/01-a.md", in: root.url)
        let check = try run(["python3", "scripts/figures.py", "--check"], in: root.url)
        #expect(check.0 == 1, "\(check.1)")
        #expect(check.1.contains("docs/01-a.md: a quoted figure differs from its results"), "\(check.1)")
        #expect(check.1.contains("docs/01-a.md:1: `12.5 ms` is typed by hand"), "\(check.1)")
        #expect(check.1.contains("<!-- fig: no-such-figure --> names no figure"), "\(check.1)")
        #expect(!check.1.contains("`5×`"), "a bound is not a measurement: \(check.1)")

        let (status, output) = try run(["python3", "scripts/sync-docs.py"], in: root.url)
        #expect(status == 1, "a marker naming no figure is an error: \(output)")
        let text = try String(contentsOf: root.url.appendingPathComponent("docs/01-a.md"), encoding: .utf8)
        let kept = ["one", "two", "three", "four", "five"].dropFirst(runs.count - 1).first ?? "\(runs.count)"
        #expect(text.hasPrefix("The <!-- fig: runs-kept -->\(kept)<!-- /fig --> runs kept; a search took 12.5 ms"))
        #expect(text.contains("<!-- fig: no-such-figure -->1 s<!-- /fig -->"), "\(text)")
    }

    /// sync-docs.py and the scripts it runs, into a scratch workspace.
    static func copyScripts(to root: URL) throws {
        for script in ["sync-docs.py", "figures.py", "benchformat.py", "bench-table.py"] {
            try write(
                String(contentsOf: workspaceRoot.appendingPathComponent("scripts/\(script)"), encoding: .utf8),
                to: "scripts/\(script)", in: root)
        }
    }

    static func write(_ text: String, to path: String, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// `make golden STEPS="3"` builds step 3 alone and rewrites its golden files alone (make -n: nothing runs).
    @Test func makeGoldenTakesTheSteps() throws {
        let (_, plan) = try run(["make", "-n", "--no-print-directory", "golden", "STEPS=3"], in: workspaceRoot)
        #expect(plan.contains("scripts/golden.sh step3;"), "\(plan)")
        #expect(plan.contains("--product step$n") && plan.contains("for n in 3;"), "\(plan)")
        let (_, all) = try run(["make", "-n", "--no-print-directory", "golden"], in: workspaceRoot)
        #expect(all.contains("scripts/golden.sh;"), "\(all)")
    }

    /// A command's status and its output and errors, together.
    func run(_ arguments: [String], in folder: URL) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
