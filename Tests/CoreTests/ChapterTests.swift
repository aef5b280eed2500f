import CourseTestSupport
import Foundation
import Testing

/// Each numbered chapter with its evidence list, one test a chapter: its markers (DocsCheck: code
/// excerpts, output blocks, make blocks) and docs/evidence/NN-….md (EvidenceCheck). `make test-step3`
/// runs `chapter03` with Step3Tests (scripts/test-step.sh selects `DocsTests/Chapters`; the trait
/// `.testing(step: 3)` leaves out the other chapters), so a chapter left stale by a change to its
/// step fails where the step is tested. Inside DocsTests, so that `--filter DocsTests` still checks
/// every page; EvidenceTests checks every list too. Its `sqlite:` quotes too, where SQLite's documentation
/// is installed (EvidenceTests skips, saying how to install it, where it is not).
extension DocsTests {
    @Suite struct Chapters {
        /// Everything wrong with docs/NN-….md and docs/evidence/NN-….md.
        static func check(_ number: String) throws {
            let prefix = "\(number)-"
            let (markers, problems) = try DocsCheck.problems(root: workspaceRoot) { $0.hasPrefix(prefix) }
            let evidence = try EvidenceCheck.check(
                root: workspaceRoot, grdb: workspaceRoot.appendingPathComponent(".build/checkouts/GRDB.swift")
            ) { $0.hasPrefix(prefix) }
            // Its quotes of SQLite's documentation, where it is installed (EvidenceTests says how, or skips).
            let quotes =
                EvidenceCheck.sqliteDocsInstalled
                ? try EvidenceCheck.checkQuotes(root: workspaceRoot, docs: EvidenceCheck.sqliteDocs) {
                    $0.hasPrefix(prefix)
                }.problems : []
            #expect(markers > 0, "docs/\(prefix)….md shows no code or output from a marker")
            #expect(evidence.lists.count == 1, "docs/evidence/\(prefix)….md: \(evidence.lists)")
            for problem in problems + evidence.problems + quotes { Issue.record(Comment(rawValue: problem)) }
        }

        @Test(.testing(step: 1)) func chapter01() throws { try Self.check("01") }
        @Test(.testing(step: 2)) func chapter02() throws { try Self.check("02") }
        @Test(.testing(step: 3)) func chapter03() throws { try Self.check("03") }
        @Test(.testing(step: 4)) func chapter04() throws { try Self.check("04") }
        @Test(.testing(step: 5)) func chapter05() throws { try Self.check("05") }
        @Test(.testing(step: 6)) func chapter06() throws { try Self.check("06") }
        @Test(.testing(step: 7)) func chapter07() throws { try Self.check("07") }
        @Test(.testing(step: 8)) func chapter08() throws { try Self.check("08") }
        @Test(.testing(step: 9)) func chapter09() throws { try Self.check("09") }
        @Test(.testing(step: 10)) func chapter10() throws { try Self.check("10") }
        @Test(.testing(step: 11)) func chapter11() throws { try Self.check("11") }
        @Test(.testing(step: 12)) func chapter12() throws { try Self.check("12") }

        /// A new chapter needs its line above; the markers of all pages still parse (a changed
        /// marker syntax would leave most blocks unchecked).
        @Test func everyNumberedChapterHasItsTest() throws {
            let docs = workspaceRoot.appendingPathComponent("docs")
            let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
            let source = try String(contentsOfFile: #filePath, encoding: .utf8)
            for name in names where name.first?.isNumber == true {
                let number = String(name.prefix(2))
                #expect(
                    source.contains(
                        "@Test(.testing(step: \(Int(number) ?? 0))) func chapter\(number)() throws "
                            + "{ try Self.check(\"\(number)\") }"),
                    "docs/\(name) has no test in DocsTests.Chapters: add chapter\(number)()")
            }
            let count = try names.reduce(0) { count, name in
                let text = try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)
                return count + DocsCheck.markers(in: text, chapter: name).markers.count
            }
            #expect(count > 90, "only \(count) markers found in docs/: did the marker syntax change?")
        }
    }
}
