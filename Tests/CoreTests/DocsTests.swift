import CourseTestSupport
import CustomDump
import Foundation
import Testing

/// The chapters in docs/ show code and output. A marker line before a fenced
/// block says where the block comes from:
///
///     <!-- code: Steps/step1/Players.swift#open -->     the lines between // [docs:open] and // [/docs:open]
///     <!-- code: Steps/step6/Resources/catalog.sql -->  a whole file
///     <!-- output: Tests/Golden/step1.txt -->           lines that appear, in order, in a golden file
///     <!-- make diff-step5 -->                          what `make -s diff-step5` prints
///
/// Every marker is verified, or the test fails: a marker not immediately
/// followed by a fence, a misspelled marker, a missing file or region, a block
/// that differs (shown as a line diff). `scripts/sync-docs.py` (`make docs`)
/// follows the same rules and refreshes the code and make blocks.
enum DocsCheck {
    struct Marker: CustomStringConvertible {
        enum Kind: String { case code, output, make }
        var chapter: String
        var line: Int  // 1-based, the marker's line
        var kind: Kind
        var reference: String  // "Steps/step1/Players.swift#open", "Tests/Golden/step1.txt", "diff-step5"
        var content: [String]
        var description: String {
            "\(chapter):\(line) <!-- \(kind.rawValue)\(kind == .make ? "" : ":") \(reference) -->"
        }
    }

    /// The markers of one chapter, and what is wrong with its marker lines.
    static func markers(in text: String, chapter: String) -> (markers: [Marker], problems: [String]) {
        let lines = text.components(separatedBy: "\n")
        var markers: [Marker] = []
        var problems: [String] = []
        // A measured figure quoted by name (`<!-- fig: NAME -->…<!-- /fig -->`) is scripts/figures.py's to
        // check (everyMeasuredFigureComesFromItsResults), not a marker of a fenced block.
        for (index, line) in lines.enumerated()
        where line.replacing(#/<!-- (?:fig: \S+|\/fig) -->/#, with: "").contains("<!--") {
            let place = "\(chapter):\(index + 1)"
            guard let (kind, reference) = parse(line.trimmingCharacters(in: .whitespaces)) else {
                problems.append(
                    """
                    \(place): `\(line)` is not a marker this check knows (misspelled?). Markers are \
                    `<!-- code: FILE#region -->`, `<!-- code: FILE -->`, `<!-- output: Tests/Golden/stepN.txt -->`, \
                    `<!-- make TARGET -->`.
                    """)
                continue
            }
            guard index + 1 < lines.count, lines[index + 1].hasPrefix("```") else {
                problems.append(
                    "\(place): the marker is not immediately followed by a fenced block (```), so nothing would check it"
                )
                continue
            }
            let body = lines[(index + 2)...].prefix { $0 != "```" }
            guard index + 2 + body.count < lines.count else {
                problems.append("\(place): the fenced block after the marker is never closed")
                continue
            }
            markers.append(
                Marker(chapter: chapter, line: index + 1, kind: kind, reference: reference, content: Array(body)))
        }
        return (markers, problems)
    }

    /// `<!-- code: X -->`, `<!-- output: X -->`, `<!-- make X -->`: exactly these spellings.
    static func parse(_ line: String) -> (Marker.Kind, String)? {
        guard line.hasPrefix("<!-- "), line.hasSuffix(" -->") else { return nil }
        let inner = line.dropFirst(5).dropLast(4)
        for kind in [Marker.Kind.code, .output] where inner.hasPrefix("\(kind.rawValue): ") {
            let reference = inner.dropFirst(kind.rawValue.count + 2)
            return reference.isEmpty || reference.contains(" ") ? nil : (kind, String(reference))
        }
        if inner.hasPrefix("make ") {
            let target = inner.dropFirst(5)
            return target.isEmpty || target.contains(" ") ? nil : (.make, String(target))
        }
        return nil
    }

    /// What is wrong with one marker's block, or nil when it matches its source.
    static func problem(_ marker: Marker, root: URL) -> String? {
        switch marker.kind {
        case .code:
            let parts = marker.reference.split(separator: "#", maxSplits: 1).map(String.init)
            guard let source = try? String(contentsOf: root.appendingPathComponent(parts[0]), encoding: .utf8) else {
                return "\(marker): no file \(parts[0])"
            }
            let excerpt: [String]
            switch Self.excerpt(source, region: parts.count == 2 ? parts[1] : nil) {
            case .success(let lines): excerpt = lines
            case .failure(let message): return "\(marker): \(parts[0]) \(message.text)"
            }
            return difference(marker, excerpt, "run `make docs` and review the diff, or fix the chapter")
        case .output:
            guard let golden = try? String(contentsOf: root.appendingPathComponent(marker.reference), encoding: .utf8)
            else { return "\(marker): no file \(marker.reference)" }
            let lines = golden.components(separatedBy: "\n")
            let n = marker.content.count
            guard n > 0, lines.count >= n else { return "\(marker): an empty block, or longer than the golden file" }
            // The window of the golden file most like the block: the block must equal one.
            let windows = (0...(lines.count - n)).map { Array(lines[$0..<($0 + n)]) }
            func likeness(_ window: [String]) -> Int { zip(window, marker.content).filter { $0.0 == $0.1 }.count }
            let closest = windows.max { likeness($0) < likeness($1) }
            return difference(marker, closest ?? [], "the tour's output changed: fix the chapter (or the tour)")
        case .make:
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["make", "-s", "--no-print-directory", marker.reference]
            process.currentDirectoryURL = root
            let output = Pipe()
            process.standardOutput = output
            // make's own complaints (`No rule to make target …`) belong in the problem, not in the suite's output.
            let errors = Pipe()
            process.standardError = errors
            do { try process.run() } catch { return "\(marker): could not run make: \(error)" }
            let data = output.fileHandleForReading.readDataToEndOfFile()
            let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                return "\(marker): `make \(marker.reference)` failed (status \(process.terminationStatus)): "
                    + complaint.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            var lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
            if lines.last == "" { lines.removeLast() }
            return difference(marker, lines, "run `make docs` and review the diff")
        }
    }

    /// nil when equal; otherwise the marker, what to do and a line diff (- chapter, + source).
    static func difference(_ marker: Marker, _ expected: [String], _ advice: String) -> String? {
        guard marker.content != expected else { return nil }
        let text = diff(marker.content.joined(separator: "\n"), expected.joined(separator: "\n")) ?? ""
        return "\(marker) differs from its source (- chapter, + source): \(advice)\n\(text)"
    }

    struct Message: Error { var text: String }

    /// The lines between `// [docs:name]` and `// [/docs:name]` (exactly one
    /// pair), less their common indentation; without a name, the whole file.
    static func excerpt(_ source: String, region: String?) -> Result<[String], Message> {
        var lines = source.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        guard let region else { return .success(lines) }
        let trimmed = lines.map { $0.trimmingCharacters(in: .whitespaces) }
        let begins = trimmed.indices.filter { trimmed[$0] == "// [docs:\(region)]" }
        let ends = trimmed.indices.filter { trimmed[$0] == "// [/docs:\(region)]" }
        guard begins.count == 1, ends.count == 1, let begin = begins.first, let end = ends.first, begin < end else {
            return .failure(Message(text: "needs exactly one `// [docs:\(region)]` … `// [/docs:\(region)]` pair"))
        }
        let body = lines[(begin + 1)..<end].filter {
            let line = $0.trimmingCharacters(in: .whitespaces)
            return !(line.hasPrefix("// [docs:") || line.hasPrefix("// [/docs:"))
        }
        let indent =
            body.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return .success(
            body.map { $0.trimmingCharacters(in: .whitespaces).isEmpty ? "" : String($0.dropFirst(indent)) })
    }

    /// Every problem in the chapters under `root/docs` (those `including` names: all by default).
    static func problems(root: URL, including: (String) -> Bool = { _ in true }) throws -> (
        markers: Int, problems: [String]
    ) {
        let docs = root.appendingPathComponent("docs")
        var count = 0
        var problems: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: docs.path).sorted()
        where name.hasSuffix(".md") && including(name) {
            let text = try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)
            let found = markers(in: text, chapter: "docs/\(name)")
            count += found.markers.count
            problems += found.problems + found.markers.compactMap { problem($0, root: root) }
        }
        return (count, problems)
    }
}

@Suite struct DocsTests {
    /// The pages that are no step's chapter (README, the appendix, instructors.md); each numbered
    /// chapter is checked by its own test, DocsTests.Chapters (ChapterTests.swift).
    @Test func everyMarkerOutsideTheNumberedChaptersIsVerified() throws {
        let (_, problems) = try DocsCheck.problems(root: workspaceRoot) { $0.first?.isNumber != true }
        for problem in problems { Issue.record(Comment(rawValue: problem)) }
    }

    /// Every measured figure the book quotes is quoted by name and reads as its results give it now, and
    /// no figure of a measured kind is typed by hand (scripts/figures.py; issue 41).
    @Test func everyMeasuredFigureComesFromItsResults() throws {
        let check = try runTool(["python3", workspaceRoot.appendingPathComponent("scripts/figures.py").path, "--check"])
        #expect(check.status == 0, "run make docs, or quote the figure by name:\n\(check.stdout)")
    }

    @Test func everyStepHasAChapter() throws {
        let steps = try FileManager.default.contentsOfDirectory(
            atPath: workspaceRoot.appendingPathComponent("Steps").path)
        let chapters = try FileManager.default.contentsOfDirectory(
            atPath: workspaceRoot.appendingPathComponent("docs").path)
        for step in steps where step.hasPrefix("step") {
            // docs/03-…, docs/10-…: two digits.
            let number = (step.count == 5 ? "0" : "") + step.dropFirst(4)
            #expect(chapters.contains { $0.hasPrefix("\(number)-") }, "\(step) has no chapter docs/\(number)-….md")
        }
    }
}

/// The checker itself: each way a marker can go wrong is caught.
@Suite struct DocsCheckTests {
    /// A scratch workspace with one source file, one golden file and one chapter.
    static func check(_ chapter: String) throws -> [String] {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let files = [
            "Sources/A.swift": "let a = 1\n    // [docs:two]\n    let b = 2\n    let c = 3\n    // [/docs:two]\n",
            "Tests/Golden/step1.txt": "1. Open\n   → opened\n2. Close\n",
            "docs/01-a.md": chapter,
        ]
        for (path, text) in files {
            let url = root.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return try DocsCheck.problems(root: root.url).problems
    }

    @Test func markersThatMatchHaveNoProblem() throws {
        let chapter = """
            <!-- code: Sources/A.swift#two -->
            ```swift
            let b = 2
            let c = 3
            ```

            <!-- output: Tests/Golden/step1.txt -->
            ```text
               → opened
            2. Close
            ```
            """
        #expect(try Self.check(chapter) == [])
    }

    @Test func aMarkerFollowedByABlankLineIsCaught() throws {
        let problems = try Self.check("<!-- code: Sources/A.swift#two -->\n\n```swift\nlet b = 2\n```\n")
        #expect(problems.count == 1)
        #expect(
            problems.first?.contains("docs/01-a.md:1: the marker is not immediately followed by a fenced block") == true
        )
    }

    @Test func aMisspelledMarkerIsCaught() throws {
        for line in [
            "<!-- cdoe: Sources/A.swift#two -->", "<!--code: Sources/A.swift#two -->",
            "<!-- output Tests/Golden/step1.txt -->",
        ] {
            let problems = try Self.check("\(line)\n```swift\nlet b = 2\n```\n")
            #expect(problems.first?.contains("is not a marker this check knows") == true, "\(line): \(problems)")
        }
    }

    @Test func aStaleExcerptShowsALineDiff() throws {
        let problems = try Self.check("<!-- code: Sources/A.swift#two -->\n```swift\nlet b = 2\nlet c = 4\n```\n")
        let problem = try #require(problems.first)
        #expect(problem.contains("docs/01-a.md:1 <!-- code: Sources/A.swift#two --> differs from its source"))
        #expect(problem.contains("\n- let c = 4\n"), "\(problem)")
        #expect(problem.contains("\n+ let c = 3\n"), "\(problem)")
    }

    @Test func aMissingRegionFileOrGoldenLineIsCaught() throws {
        #expect(
            try Self.check("<!-- code: Sources/A.swift#three -->\n```swift\n```\n").first?.contains("needs exactly one")
                == true)
        #expect(
            try Self.check("<!-- code: Sources/B.swift -->\n```swift\n```\n").first?.contains("no file Sources/B.swift")
                == true)
        // The diff is against the closest lines of the golden file.
        let output = try Self.check("<!-- output: Tests/Golden/step1.txt -->\n```text\n   → opened\n2. Shut\n```\n")
        #expect(output.first?.contains("\n- 2. Shut\n+ 2. Close\n") == true, "\(output)")
    }

    @Test func anUnclosedFenceIsCaught() throws {
        let problems = try Self.check("<!-- code: Sources/A.swift#two -->\n```swift\nlet b = 2\n")
        #expect(problems.first?.contains("never closed") == true, "\(problems)")
    }
}
