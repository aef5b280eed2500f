import CourseTestSupport
import Foundation
import Testing

/// docs/environment-switches.md lists every `COURSE_*` variable the code names, and only those.
@Suite struct EnvironmentSwitchesTests {
    static let table = "docs/environment-switches.md"

    /// The folders and files scanned: every place code or a script lives (not docs/, not .build).
    static let scanned = [
        "Sources", "Steps", "Tests", "Checks", "Exercises", "Solutions", "Plugins", "Package.swift", "Makefile",
        "scripts", ".ci", ".github", "Benchmarks",
    ]

    /// Each `COURSE_*` name found under `root`, with the files that name it (relative to `root`).
    static func namesInCode(root: URL) -> [String: [String]] {
        var names: [String: [String]] = [:]
        let manager = FileManager.default
        for entry in scanned {
            let url = root.appendingPathComponent(entry)
            var files: [String] = []
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: url.path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                let enumerator = manager.enumerator(atPath: url.path)
                while let path = enumerator?.nextObject() as? String {
                    if (path as NSString).lastPathComponent == ".build" {
                        enumerator?.skipDescendants()
                    } else {
                        files.append(entry + "/" + path)
                    }
                }
                files.sort()  // the same message on every file system
            } else {
                files = [entry]
            }
            for file in files {
                // Folders and binary files have no text: nothing to read.
                guard let data = manager.contents(atPath: root.appendingPathComponent(file).path),
                    let text = String(data: data, encoding: .utf8)
                else { continue }
                for match in text.matches(of: /COURSE_[A-Z0-9_]+/) {
                    let name = String(match.output)
                    if names[name]?.last != file { names[name, default: []].append(file) }
                }
            }
        }
        return names
    }

    /// The names in the table's first column (rows that start with "| `COURSE_").
    static func namesInTable(root: URL) throws -> Set<String> {
        let text = try String(contentsOf: root.appendingPathComponent(table), encoding: .utf8)
        return Set(
            text.split(separator: "\n").compactMap { line in
                line.firstMatch(of: /^\| `(COURSE_[A-Z0-9_]+)`/).map { String($0.1) }
            })
    }

    /// What is wrong under `root`: a name the code uses and the table lacks, a name the table lists and
    /// no code uses.
    static func problems(root: URL) throws -> [String] {
        let code = namesInCode(root: root)
        let table = try namesInTable(root: root)
        let missing = code.keys.filter { !table.contains($0) }.sorted().map { name in
            "\(name) (named in \(code[name, default: []].joined(separator: ", "))) is not in \(Self.table)"
        }
        let stale = table.subtracting(code.keys).sorted().map { name in
            "\(Self.table) lists \(name), which no code names: remove its row"
        }
        return missing + stale
    }

    @Test func theTableListsEverySwitchTheCodeNamesAndNoOther() throws {
        for problem in try Self.problems(root: workspaceRoot) { Issue.record(Comment(rawValue: problem)) }
    }

    /// The check itself, on a workspace of two files: a switch read in code and missing from the table,
    /// and a row whose switch nothing reads, are each reported; a `.build` folder is not scanned.
    @Test func aSwitchMissingFromTheTableOrLeftInItIsReported() throws {
        // The names are spelled in two halves, so that the scan of this very file finds none of them.
        let one = "COURSE" + "_ONE"
        let two = "COURSE" + "_TWO"
        let gone = "COURSE" + "_GONE"
        let built = "COURSE" + "_BUILT"
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let manager = FileManager.default
        for folder in ["docs", "Sources/Core", "Sources/.build"] {
            try manager.createDirectory(atPath: root.file(folder), withIntermediateDirectories: true)
        }
        let read = "let value = ProcessInfo.processInfo.environment[\"\(one)\"]"
        try read.write(toFile: root.file("Sources/Core/A.swift"), atomically: true, encoding: .utf8)
        try "environment[\"\(built)\"]".write(
            toFile: root.file("Sources/.build/B.swift"), atomically: true, encoding: .utf8)
        let table = "| Switch | Set by |\n| --- | --- |\n| `\(one)` | make |\n"
        try table.write(toFile: root.file(Self.table), atomically: true, encoding: .utf8)
        #expect(try Self.problems(root: root.url).isEmpty)

        try (table + "| `\(gone)` | a test |\n").write(
            toFile: root.file(Self.table), atomically: true, encoding: .utf8)
        try (read + "\nlet other = environment[\"\(two)\"]").write(
            toFile: root.file("Sources/Core/A.swift"), atomically: true, encoding: .utf8)
        #expect(
            try Self.problems(root: root.url) == [
                "\(two) (named in Sources/Core/A.swift) is not in \(Self.table)",
                "\(Self.table) lists \(gone), which no code names: remove its row",
            ])
    }
}
