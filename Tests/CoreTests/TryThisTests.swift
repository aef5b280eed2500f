import CourseTestSupport
import Foundation
import Testing

/// The chapters' "Try this" items and scripts/try-this.json, the manifest `make try-this` runs
/// (scripts/try-this.py), agree: every numbered or bulleted item of every chapter's "## Try this"
/// section has exactly one entry, in order; each entry still finds, in its item, its words, the
/// lines it quotes as the learner's output and the commands it runs; each edit's find text occurs
/// exactly once in its file (after the entry's earlier edits); and the tests an item names are the
/// entry's and exist; and the runner reads every entry. Nothing is built and no item is run (the
/// runner is slow): this keeps the two from drifting apart between its runs.
@Suite struct TryThisTests {
    static let manifestPath = "scripts/try-this.json"

    /// One item of scripts/try-this.json (the runner's documentation says what each field does).
    struct Entry: Decodable {
        var chapter: Int
        var item: Int
        var text: String
        var actions: [Action]
        var undo: [String]?
        var afterUndo: [Action]?

        var name: String { "\(TryThisTests.manifestPath), item \(chapter).\(item)" }
        var allActions: [Action] { actions + (afterUndo ?? []) }
        /// The tests the item expects to fail (--breaks), or to pass again.
        var namedTests: Set<String> { Set(actions.flatMap { ($0.breaks ?? []) + ($0.passes ?? []) }) }
    }

    /// An edit, a file created, a command (run, or started in the background), or the tests it breaks.
    struct Action: Decodable {
        var edit: String?
        var find: String?
        var replace: String?
        var create: String?
        var text: String?
        var run: String?
        var start: String?
        /// Why a command the item's text does not spell out is run (a precondition, a paraphrase).
        var because: String?
        /// The learner's output as the chapter quotes it.
        var shows: [String]?
        var breaks: [String]?
        var passes: [String]?
    }

    /// A chapter's "## Try this" section: the text before its first item, and each item's text.
    struct Section {
        var chapter: Int
        var file: String
        var intro: String
        var items: [String]
    }

    static func entries() throws -> [Entry] {
        struct Manifest: Decodable { var items: [Entry] }
        let data = try Data(contentsOf: workspaceRoot.appendingPathComponent(manifestPath))
        return try JSONDecoder().decode(Manifest.self, from: data).items
    }

    /// Every numbered chapter's section (chapter 11 has none: no items).
    static func sections() throws -> [Section] {
        let docs = workspaceRoot.appendingPathComponent("docs")
        return try FileManager.default.contentsOfDirectory(atPath: docs.path).sorted().compactMap { file in
            guard file.hasSuffix(".md"), file.dropFirst(2).hasPrefix("-"), let number = Int(file.prefix(2)) else {
                return nil
            }
            let text = try String(contentsOf: docs.appendingPathComponent(file), encoding: .utf8)
            return section(of: text, chapter: number, file: "docs/\(file)")
        }
    }

    /// An item starts with `1. ` or `- ` at the margin and goes on with the indented lines after it; a
    /// line at the margin after a blank line ends it. The section ends at the next `## ` heading.
    static func section(of text: String, chapter: Int, file: String) -> Section {
        let lines = text.components(separatedBy: "\n")
        guard let heading = lines.firstIndex(of: "## Try this") else {
            return Section(chapter: chapter, file: file, intro: "", items: [])
        }
        var intro: [String] = []
        var items: [[String]] = []
        var current: [String]? = nil
        var afterBlank = false
        for line in lines[(heading + 1)...] {
            if line.hasPrefix("## ") { break }
            if line.firstMatch(of: /^(\d+\.|-)[ ]/) != nil {
                if let current { items.append(current) }
                current = [line]
                afterBlank = false
            } else if current == nil {
                intro.append(line)
            } else if line.trimmingCharacters(in: .whitespaces).isEmpty {
                afterBlank = true
            } else if afterBlank && !line.hasPrefix(" ") {
                items.append(current ?? [])
                current = nil
            } else {
                current?.append(line)
                afterBlank = false
            }
        }
        if let current { items.append(current) }
        return Section(
            chapter: chapter, file: file, intro: intro.joined(separator: "\n"),
            items: items.map { $0.joined(separator: "\n") })
    }

    /// Text as the runner compares it: white space folded to one space, make's line number as N.
    static func flat(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ").replacing(/Makefile:\d+/, with: "Makefile:N")
    }

    /// The names a `--filter` can select: each `@Test` function, each `@Suite` type, each test target.
    static func testNames() throws -> Set<String> {
        let tests = workspaceRoot.appendingPathComponent("Tests")
        var names = Set(try FileManager.default.contentsOfDirectory(atPath: tests.path))
        let files = try FileManager.default.subpathsOfDirectory(atPath: tests.path).filter { $0.hasSuffix(".swift") }
        for file in files {
            let lines = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
                .components(separatedBy: "\n")
            for (index, line) in lines.enumerated() {
                // The attribute on the same line or up to three lines above (arguments may wrap).
                let above = lines[max(0, index - 3)...index].joined(separator: " ")
                if let match = line.firstMatch(of: /func (\w+)\(/), above.contains("@Test") {
                    names.insert(String(match.1))
                }
                if let match = line.firstMatch(of: /(?:struct|enum|class) (\w+)/),
                    lines[max(0, index - 1)...index].joined(separator: " ").contains("@Suite")
                {
                    names.insert(String(match.1))
                }
            }
        }
        return names
    }

    @Test func everyItemOfEveryChapterHasOneEntryInOrder() throws {
        let entries = try Self.entries()
        let sections = try Self.sections()
        #expect(sections.count >= 12, "read \(sections.count) chapters")
        for section in sections {
            let numbers = entries.filter { $0.chapter == section.chapter }.map(\.item)
            #expect(
                numbers == Array(stride(from: 1, through: section.items.count, by: 1)),
                """
                \(section.file) has \(section.items.count) items in "## Try this"; \(Self.manifestPath) has \
                entries \(numbers) for chapter \(section.chapter): one entry per item, numbered from 1 in order
                """)
        }
        let chapters = Set(sections.map(\.chapter))
        for entry in entries where !chapters.contains(entry.chapter) {
            Issue.record("\(entry.name): there is no chapter \(entry.chapter)")
        }
        #expect(entries.count >= 35, "read \(entries.count) entries")
    }

    /// The entry's words, quotes, commands and undo are in its item (or, for a command, in the section's
    /// introduction, as "`make step1` rebuilds and runs the tour"), unless it says why not (`because`).
    @Test func eachEntryQuotesItsItem() throws {
        let sections = Dictionary(uniqueKeysWithValues: try Self.sections().map { ($0.chapter, $0) })
        for entry in try Self.entries() {
            guard let section = sections[entry.chapter], entry.item >= 1, entry.item <= section.items.count else {
                continue  // everyItemOfEveryChapterHasOneEntryInOrder names it
            }
            let item = Self.flat(section.items[entry.item - 1])
            let intro = Self.flat(section.intro)
            #expect(item.contains(Self.flat(entry.text)), "\(entry.name): its item no longer says \"\(entry.text)\"")
            for action in entry.allActions {
                for quoted in action.shows ?? [] {
                    #expect(
                        item.contains(Self.flat(quoted)),
                        "\(entry.name): it expects \"\(quoted)\" as the chapter's words, which its item no longer has")
                }
                if let command = action.run ?? action.start, action.because == nil {
                    #expect(
                        item.contains(Self.flat(command)) || intro.contains(Self.flat(command)),
                        "\(entry.name): the item does not give the command \(command) (or say `because`)")
                }
            }
            for command in entry.undo ?? [] where command.hasPrefix("git ") || command.hasPrefix("make ") {
                #expect(item.contains(Self.flat(command)), "\(entry.name): the item's *Undo* is not \(command)")
            }
        }
    }

    /// Each edit finds its text exactly once, in the file as the entry's earlier edits left it.
    @Test func eachEditFindsItsTextOnce() throws {
        var edits = 0
        for entry in try Self.entries() {
            var files: [String: String] = [:]
            for action in entry.allActions {
                if let path = action.create {
                    #expect(
                        !FileManager.default.fileExists(atPath: workspaceRoot.appendingPathComponent(path).path),
                        "\(entry.name) creates \(path), which exists")
                    files[path] = action.text ?? ""
                }
                guard let path = action.edit, let find = action.find, let replace = action.replace else { continue }
                let text =
                    try files[path] ?? String(contentsOf: workspaceRoot.appendingPathComponent(path), encoding: .utf8)
                let count = text.components(separatedBy: find).count - 1
                #expect(count == 1, "\(entry.name): \(path) holds its find text \(count) times, not once: \(find)")
                files[path] = text.replacingOccurrences(of: find, with: replace)
                edits += 1
            }
        }
        #expect(edits > 30, "read \(edits) edits")
    }

    /// The runner reads every entry: `--list` (which runs nothing) stops on a field or an action it does not
    /// know, so a misspelled promise ("shoes") cannot go unchecked until someone runs the slow items.
    @Test func theRunnerReadsEveryEntry() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", workspaceRoot.appendingPathComponent("scripts/try-this.py").path, "--list"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let listing = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "scripts/try-this.py --list: \(problems)")
        let listed = listing.components(separatedBy: "\n").filter { !$0.hasPrefix(" ") }.map {
            String($0.prefix { $0 != " " })
        }
        let entries = try Self.entries().map { "\($0.chapter).\($0.item)" }
        #expect(Array(listed.dropLast()) == entries, "\(listing)")
    }

    /// The tests an entry expects to fail (or pass) exist, and each test its item names in backticks is
    /// among them: the chapter's *Breaks* list and the entry's cannot say different things.
    @Test func eachTestAnItemNamesIsItsEntrysAndExists() throws {
        let tests = try Self.testNames()
        #expect(tests.contains("tourMatchesGoldenOutput") && tests.contains("DocsTests"), "read \(tests.count) names")
        let sections = Dictionary(uniqueKeysWithValues: try Self.sections().map { ($0.chapter, $0) })
        for entry in try Self.entries() {
            for name in entry.namedTests.sorted() where !tests.contains(name) {
                Issue.record("\(entry.name) names the test \(name), which Tests/ does not have")
            }
            guard let section = sections[entry.chapter], entry.item <= section.items.count else { continue }
            let named = section.items[entry.item - 1].matches(of: /`([A-Za-z_]\w*)`/).map { String($0.1) }
            for name in named where tests.contains(name) && !entry.namedTests.contains(name) {
                Issue.record("\(section.file), item \(entry.item), names the test \(name); \(entry.name) does not")
            }
        }
    }
}
