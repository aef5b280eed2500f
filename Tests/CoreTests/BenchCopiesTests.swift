import CourseTestSupport
import Foundation
import Testing

/// Chapter 12's benchmark is a package of its own and never imports a step,
/// so the step 11 SQL it times is a copy: each block between
/// `// [step11:NAME] FILE` and `// [/step11:NAME]` in its OneQuery.swift.
/// A copy is only a copy while it says what the step says: each block's
/// string literal, runs of spaces and line breaks folded to one space, must be
/// in FILE folded the same way. Change step 11's SQL and this test names the
/// block to copy again.
@Suite struct BenchCopiesTests {
    static let bench = "Benchmarks/Sources/bench/OneQuery.swift"

    /// Each copied block: its name, the file it copies, the SQL of its string literal.
    static func copies() throws -> [(name: String, file: String, sql: String)] {
        let source = try String(
            contentsOf: workspaceRoot.appendingPathComponent(bench), encoding: .utf8)
        let block = #/// \[step11:([a-z-]+)\] (\S+)\n(.*?)// \[/step11:\1\]/#.dotMatchesNewlines()
        return try source.matches(of: block).map { match in
            let body = String(match.output.3)
            let literal = try #require(
                body.split(separator: "\"\"\"", omittingEmptySubsequences: false).dropFirst().first)
            return (String(match.output.1), String(match.output.2), String(literal))
        }
    }

    static func folded(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func theBenchCopiesStepElevensSQLWordForWord() throws {
        let copies = try Self.copies()
        // The schema, the window function, the two type lookups, the orbit chain.
        #expect(copies.map(\.name) == ["schema", "rank", "json-extract", "generated-column", "orbit-chain"])
        for copy in copies {
            let file = try String(contentsOf: workspaceRoot.appendingPathComponent(copy.file), encoding: .utf8)
            let stillTheSame = Self.folded(file).contains(Self.folded(copy.sql))
            #expect(stillTheSame, "\(Self.bench)'s [step11:\(copy.name)] is no longer in \(copy.file): copy it again")
        }
    }
}
