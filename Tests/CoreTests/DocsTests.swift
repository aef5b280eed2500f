import CourseTestSupport
import Foundation
import Testing

/// The chapters in docs/ show code and output. These tests fail when what a
/// chapter shows no longer matches the source or the tour's golden output.
@Suite struct DocsTests {
    struct Block: CustomStringConvertible {
        var chapter: String
        var line: Int
        var reference: String // "Steps/step1/Step1.swift#open" or "Tests/Golden/step1.txt"
        var content: [String]
        var description: String { "\(chapter):\(line) \(reference)" }
    }

    /// Every `<!-- kind: reference -->` line followed by a fenced block.
    static func blocks(_ kind: String) throws -> [Block] {
        let docs = workspaceRoot.appendingPathComponent("docs")
        var blocks: [Block] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: docs.path).sorted() where name.hasSuffix(".md") {
            let lines = try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)
                .components(separatedBy: "\n")
            for (index, line) in lines.enumerated() {
                let prefix = "<!-- \(kind): "
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix(prefix), trimmed.hasSuffix(" -->"),
                      index + 1 < lines.count, lines[index + 1].hasPrefix("```") else { continue }
                let reference = String(trimmed.dropFirst(prefix.count).dropLast(4))
                let body = lines[(index + 2)...].prefix { $0 != "```" }
                blocks.append(Block(chapter: "docs/\(name)", line: index + 1, reference: reference, content: Array(body)))
            }
        }
        return blocks
    }

    /// The lines between `// [docs:name]` and `// [/docs:name]`, less common indentation.
    static func excerpt(_ reference: String) throws -> [String]? {
        let parts = reference.split(separator: "#", maxSplits: 1).map(String.init)
        let source = try String(contentsOf: workspaceRoot.appendingPathComponent(parts[0]), encoding: .utf8)
        var lines = source.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        guard parts.count == 2 else { return lines }
        let name = parts[1]
        let trimmed = lines.map { $0.trimmingCharacters(in: .whitespaces) }
        guard let begin = trimmed.firstIndex(of: "// [docs:\(name)]"),
              let end = trimmed.firstIndex(of: "// [/docs:\(name)]"), begin < end else { return nil }
        let body = lines[(begin + 1)..<end].filter {
            let t = $0.trimmingCharacters(in: .whitespaces)
            return !(t.hasPrefix("// [docs:") || t.hasPrefix("// [/docs:"))
        }
        let indent = body.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return body.map { $0.trimmingCharacters(in: .whitespaces).isEmpty ? "" : String($0.dropFirst(indent)) }
    }

    @Test func codeExcerptsMatchTheSource() throws {
        let blocks = try Self.blocks("code")
        #expect(!blocks.isEmpty)
        for block in blocks {
            guard let source = try Self.excerpt(block.reference) else {
                Issue.record("\(block): no such marked region in the source")
                continue
            }
            #expect(block.content == source, "\(block) differs from the source: run `make docs` and review, or fix the chapter")
        }
    }

    @Test func outputExcerptsAppearInTheGoldenOutput() throws {
        for block in try Self.blocks("output") {
            let golden = try String(contentsOf: workspaceRoot.appendingPathComponent(block.reference), encoding: .utf8)
                .components(separatedBy: "\n")
            let n = block.content.count
            let found = n > 0 && golden.count >= n && (0...(golden.count - n)).contains { Array(golden[$0..<($0 + n)]) == block.content }
            #expect(found, "\(block): these lines are not in \(block.reference) (did the tour's output change?)")
        }
    }

    @Test func everyStepHasAChapter() throws {
        let steps = try FileManager.default.contentsOfDirectory(atPath: workspaceRoot.appendingPathComponent("Steps").path)
        let chapters = try FileManager.default.contentsOfDirectory(atPath: workspaceRoot.appendingPathComponent("docs").path)
        for step in steps where step.hasPrefix("step") {
            let number = step.dropFirst(4)
            #expect(chapters.contains { $0.hasPrefix("0\(number)-") }, "\(step) has no chapter docs/0\(number)-….md")
        }
    }
}
