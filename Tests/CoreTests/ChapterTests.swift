import CourseTestSupport
import Foundation
import Testing

/// Each numbered chapter with its evidence list, one test a chapter: its markers (DocsCheck: code
/// excerpts, output blocks, make blocks) and docs/evidence/NN-….md (EvidenceCheck). `make test-step3`
/// runs `chapter03` with Step3Tests (its filter, below), so a chapter left stale by a change to its
/// step fails where the step is tested, with no variable to set. Inside DocsTests, so that
/// `--filter DocsTests` still checks every page; EvidenceTests checks every list too.
extension DocsTests {
    @Suite struct Chapters {
        /// Everything wrong with docs/NN-….md and docs/evidence/NN-….md.
        static func check(_ number: String) throws {
            let prefix = "\(number)-"
            let (markers, problems) = try DocsCheck.problems(root: workspaceRoot) { $0.hasPrefix(prefix) }
            let evidence = try EvidenceCheck.check(
                root: workspaceRoot, grdb: workspaceRoot.appendingPathComponent(".build/checkouts/GRDB.swift")
            ) { $0.hasPrefix(prefix) }
            #expect(markers > 0, "docs/\(prefix)….md shows no code or output from a marker")
            #expect(evidence.lists.count == 1, "docs/evidence/\(prefix)….md: \(evidence.lists)")
            for problem in problems + evidence.problems { Issue.record(Comment(rawValue: problem)) }
        }

        @Test func chapter01() throws { try Self.check("01") }
        @Test func chapter02() throws { try Self.check("02") }
        @Test func chapter03() throws { try Self.check("03") }
        @Test func chapter04() throws { try Self.check("04") }
        @Test func chapter05() throws { try Self.check("05") }
        @Test func chapter06() throws { try Self.check("06") }
        @Test func chapter07() throws { try Self.check("07") }
        @Test func chapter08() throws { try Self.check("08") }
        @Test func chapter09() throws { try Self.check("09") }
        @Test func chapter10() throws { try Self.check("10") }
        @Test func chapter11() throws { try Self.check("11") }
        @Test func chapter12() throws { try Self.check("12") }

        /// A new chapter needs its line above; the markers of all pages still parse (a changed
        /// marker syntax would leave most blocks unchecked).
        @Test func everyNumberedChapterHasItsTest() throws {
            let docs = workspaceRoot.appendingPathComponent("docs")
            let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
            let source = try String(contentsOfFile: #filePath, encoding: .utf8)
            for name in names where name.first?.isNumber == true {
                let number = String(name.prefix(2))
                #expect(
                    source.contains("@Test func chapter\(number)() throws { try Self.check(\"\(number)\") }"),
                    "docs/\(name) has no test in DocsTests.Chapters: add chapter\(number)()")
            }
            let count = try names.reduce(0) { count, name in
                let text = try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)
                return count + DocsCheck.markers(in: text, chapter: name).markers.count
            }
            #expect(count > 90, "only \(count) markers found in docs/: did the marker syntax change?")
        }

        /// `make test-stepN` selects step N's tests and its chapter's, and no other chapter's: the
        /// filter it passes to swift test (read from `make -n`) matches those test names alone.
        @Test func makeTestStepRunsItsChapter() throws {
            for (step, chapter, others) in [
                ("3", "chapter03", ["chapter01", "chapter13", "Step1Tests", "Step13Tests"]),
                ("10", "chapter10", ["chapter01", "chapter11", "Step1Tests"]),
            ] {
                let dryRun = try makeDryRun("test-step\(step)")
                let filter = try #require(
                    dryRun.components(separatedBy: "--filter '").dropFirst().first?.prefix { $0 != "'" },
                    "no --filter in make -n test-step\(step):\n\(dryRun)")
                let regex = try Regex(String(filter))
                func selects(_ name: String) -> Bool { name.contains(regex) }
                #expect(selects("CoreTests.DocsTests/Chapters/\(chapter)()"), "\(filter)")
                #expect(selects("Step\(step)Tests.QueryTests/someTest()"), "\(filter)")
                for other in others {
                    #expect(
                        !selects("CoreTests.DocsTests/Chapters/\(other)()") && !selects("\(other).A/b()"),
                        "\(filter) selects \(other)")
                }
            }
        }

        /// What `make -n TARGET` would run (nothing is run).
        func makeDryRun(_ target: String) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["make", "-n", "--no-print-directory", target]
            process.currentDirectoryURL = workspaceRoot
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
    }
}
