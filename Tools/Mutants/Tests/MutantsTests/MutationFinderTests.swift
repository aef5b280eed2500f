import SwiftParser
import Testing

@testable import mutants

/// What the tool makes of a few lines: each operator, on code shaped as the course writes it.
@Suite struct MutationFinderTests {
    static func mutants(_ source: String, siblings: Siblings = Siblings()) -> [Mutant] {
        MutationFinder.mutants(file: "Example.swift", source: source, siblings: siblings)
    }

    /// Each mutant, applied, as the text the driver would write.
    static func applied(_ source: String, _ mutants: [Mutant]) -> [String] {
        let bytes = Array(source.utf8)
        return mutants.map {
            String(decoding: bytes[..<$0.start] + Array($0.replacement.utf8) + bytes[$0.end...], as: UTF8.self)
        }
    }

    @Test func conditionsAreNegatedButNotBindings() {
        let source = "func f(x: Int?) {\n    if let x, x > 1 { print(x) }\n}\n"
        let negated = Self.mutants(source).filter { $0.operator == "negate-condition" }
        #expect(Self.applied(source, negated) == ["func f(x: Int?) {\n    if let x, !(x > 1) { print(x) }\n}\n"])
    }

    @Test func comparisonsSwapAndAnOperandOfAndIsDropped() {
        let source = "let ok = a < b && c\n"
        let texts = Set(Self.applied(source, Self.mutants(source)))
        #expect(texts.contains("let ok = a <= b && c\n"))
        #expect(texts.contains("let ok = a < b || c\n"))
        #expect(texts.contains("let ok = a < b\n"))
        #expect(texts.contains("let ok = c\n"))
    }

    @Test func aStatementIsDeletedUnlessItIsAClosuresValue() {
        let source = "func f() throws {\n    try db.execute(sql: \"x\")\n    let g = { h() }\n}\n"
        let deleted = Self.mutants(source).filter { $0.operator == "delete-statement" }
        #expect(deleted.map(\.original) == [#"try db.execute(sql: "x")"#])
    }

    @Test func literalsAndCasesOfOneEnumAreReplaced() {
        let source = "enum Mode { case fast, slow }\nlet m: Mode = .fast\nlet n = 0\nlet t = true\n"
        var siblings = Siblings()
        siblings.collect(from: Parser.parse(source: source))
        let replaced = Self.mutants(source, siblings: siblings).filter { $0.operator == "replace-literal" }
        #expect(replaced.map { "\($0.original)→\($0.replacement)" } == ["fast→slow", "0→1", "true→false"])
    }

    @Test func aCaseOfTwoEnumsIsLeftAlone() {
        #expect(Siblings().sibling(of: "rollback") == nil)
        #expect(Siblings().sibling(of: "immediate") == "exclusive")
    }

    @Test func databasePoolAndQueueSwap() {
        let source = "let w = try DatabaseQueue(path: p)\n"
        #expect(
            Self.applied(source, Self.mutants(source).filter { $0.operator == "swap-type" })
                == ["let w = try DatabasePool(path: p)\n"])
    }

    @Test func sqlClausesAcrossLinesOfAMultiLineLiteral() {
        let source = """
            let sql = \"\"\"
                SELECT name FROM item
                WHERE score > ?
                ORDER BY name COLLATE NOCASE ASC
                \"\"\"

            """
        let texts = Self.applied(source, Self.mutants(source).filter { $0.operator == "sql" })
        #expect(texts.contains { !$0.contains("WHERE") && $0.contains("ORDER BY name") })
        #expect(texts.contains { $0.contains("WHERE score > ?") && !$0.contains("ORDER BY") })
        #expect(texts.contains { $0.contains("NOCASE DESC") })
        #expect(texts.contains { $0.contains("name ASC") && !$0.contains("COLLATE") })
    }

    @Test func aClauseThatRunsIntoAnInterpolationIsLeftAlone() {
        let source = #"let sql = "SELECT * FROM t WHERE id = \(id) LIMIT 1""# + "\n"
        #expect(Self.mutants(source).filter { $0.operator == "sql" }.isEmpty)
    }

    @Test func triggersSwapOldAndNew() {
        let source =
            #"let sql = "CREATE TRIGGER t AFTER UPDATE ON a BEGIN DELETE FROM b WHERE id = old.id; END""# + "\n"
        let texts = Self.applied(source, Self.mutants(source).filter { $0.operator == "sql" })
        #expect(texts.contains { $0.contains("id = new.id") })
    }

    @Test func compileTimeConditionsAreNotMutated() {
        let source = "#if os(Linux) && DEBUG\nlet a = 1\n#endif\n"
        #expect(Self.mutants(source).map(\.original) == ["1"])
    }
}
