import CourseTestSupport
import Foundation
import Testing

/// README.md's "Layout" is where a newcomer learns what each folder and target holds: it names
/// every top-level folder of the repository and every target Package.swift declares, so that a
/// folder or target added without its line there fails here.
@Suite struct ReadmeLayoutTests {
    /// The text of README.md from `## Layout` to the next `## ` heading.
    static func layout() throws -> String {
        let readme = try String(contentsOf: workspaceRoot.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "\n## Layout\n") else { return "" }
        let rest = readme[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    /// The words of `text`: names as the layout writes them (`generate-records`, `check-<id>`, `StepNTests`).
    static func words(_ text: String) -> Set<Substring> {
        Set(text.split { !($0.isLetter || $0.isNumber || "-_<>".contains($0)) })
    }

    /// The folders at the top of the repository that hold a tracked file (not `.build/`, `db/`, …).
    static func trackedFolders() throws -> Set<String> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", workspaceRoot.path, "ls-files"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let files = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git ls-files failed")
        return Set(
            files.split(separator: "\n").compactMap { file in file.firstIndex(of: "/").map { String(file[..<$0]) } })
    }

    /// The name of every target Package.swift declares, an interpolated one as the layout writes it:
    /// `step\(number)` → `stepN`, `check-\(id)` → `check-<id>`.
    static func targetNames() throws -> Set<String> {
        let manifest = try String(
            contentsOf: workspaceRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declaration = #/\.(?:target|executableTarget|testTarget|systemLibrary|plugin)\(\s*name:\s*"([^"]+)"/#
        return Set(
            manifest.matches(of: declaration).map { match in
                String(match.1)
                    .replacing(#/\\\(number\)/#, with: "N").replacing(#/\\\(id\)/#, with: "<id>")
                    // step8 and Step8Tests are declared by a function of their own; stepN covers them.
                    .replacing(#/^step\d+$/#, with: "stepN").replacing(#/^Step\d+Tests$/#, with: "StepNTests")
            })
    }

    @Test func everyTopLevelFolderHasItsLine() throws {
        let layout = try Self.layout()
        let folders = try Self.trackedFolders()
        #expect(folders.contains("Sources") && folders.contains("Steps"), "read no folders: \(folders)")
        for folder in folders.sorted() {
            #expect(layout.contains("\n\(folder)/"), "README.md's Layout has no line for \(folder)/")
        }
    }

    @Test func everyTargetOfThePackageIsNamed() throws {
        let words = Self.words(try Self.layout())
        let targets = try Self.targetNames()
        #expect(targets.contains("CourseCore") && targets.contains("stepN"), "read no targets: \(targets)")
        for target in targets.sorted() {
            #expect(words.contains(Substring(target)), "README.md's Layout does not name the target \(target)")
        }
    }
}
