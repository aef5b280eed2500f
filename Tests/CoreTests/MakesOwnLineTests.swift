import CourseTestSupport
import Foundation
import Testing

/// The chapters quote the line make adds after a failing step (`make: *** [Makefile:36: step3] Error 64`).
/// Its line number says where the Makefile's `step%` recipe is, which a learner never needs: the
/// comparison ignores it (`MakesOwnLine.normalized`), so the Makefile can be arranged for reading.
/// Everything else in the quote must be what make prints: the target the learner typed, and the
/// step's own exit status, passed on by the recipe.
@Suite(.temporaryDirectory) struct MakesOwnLineTests {
    /// A line the chapters or the README quote, `make: *** [Makefile:N: stepK] Error S`, and the step it
    /// must name (nil: any): in a transcript, the step of the last `$ make stepK` above it in that block;
    /// in a chapter's prose, the chapter's own step.
    struct Quote {
        var place: String
        var line: String
        var step: String
        var status: String
        var expectedStep: String?
    }

    static func quoted() throws -> [Quote] {
        try CommandLineTests.documents().flatMap { path, lines in
            let chapter = path.firstMatch(of: /docs\/([0-9]{2})-/).map { String(Int($0.output.1) ?? 0) }
            var inBlock = false
            var command: String?  // the step of the last `$ make stepK` in this block
            var quotes: [Quote] = []
            for line in lines {
                if line.text.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                    inBlock.toggle()
                    command = nil
                }
                if inBlock, line.text.contains("$ make step"),
                    let step = line.text.firstMatch(of: /^\s*\$ make step([0-9]+)/)
                {
                    command = String(step.output.1)
                }
                // Only lines with make's marker can match: one cheap search before the regex.
                guard line.text.contains("make: ***") else { continue }
                for match in line.text.matches(of: /make: \*\*\* \[Makefile:\d+: step([1-9][0-9]?)\] Error (\d+)/) {
                    quotes.append(
                        Quote(
                            place: line.place, line: String(match.output.0), step: String(match.output.1),
                            status: String(match.output.2), expectedStep: inBlock ? command : chapter))
                }
            }
            return quotes
        }
    }

    /// What make prints when `make stepK` runs a stand-in program that exits with `status`
    /// (and a stand-in `swift` that builds nothing): its last line.
    func makesLastLine(step: String, status: String) throws -> String {
        let directory = try TemporaryDirectory.current
        let bin = directory.file("bin-\(step)-\(status)")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        for (path, body) in [("\(bin)/step\(step)", "exit \(status)"), (directory.file("swift"), "true")] {
            try "#!/bin/sh\n\(body)\n".write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        // As from the learner's shell: not a make inside make test's (which would print `make[1]:`).
        let result = try runTool([
            "-u", "MAKELEVEL", "-u", "MAKEFLAGS", "-u", "MFLAGS", "make", "--no-print-directory", "-s", "-C",
            workspaceRoot.path, "step\(step)", "BIN=\(bin)",
            "SWIFT=\(directory.file("swift"))", "TMPDIR=\(directory.file("tmp"))",
        ])
        #expect(result.status == 2, "make exits with 2 after a failing recipe:\n\(result.stdout)")
        return result.stdout.split(separator: "\n").last.map(String.init) ?? ""
    }

    @Test func theChaptersQuoteMakesLineAsMakePrintsItButForItsNumber() throws {
        let quoted = try Self.quoted()
        #expect(quoted.count >= 5, "the chapters quote make's line \(quoted.count) times")
        var printed: [String: String] = [:]  // one make run per step and status quoted
        for quote in quoted {
            let key = "\(quote.step) \(quote.status)"
            if printed[key] == nil { printed[key] = try makesLastLine(step: quote.step, status: quote.status) }
            let line = try #require(printed[key])
            #expect(MakesOwnLine.same(quote.line, line), "\(quote.place): make prints \(line)")
            if let step = quote.expectedStep {
                #expect(quote.step == step, "\(quote.place): make names the step that ran, step\(step)")
            }
        }
    }

    /// The comparison the test above makes: a moved recipe still matches, another target or status does not.
    @Test func onlyTheLineNumberMayDiffer() {
        let quoted = "make: *** [Makefile:29: step7] Error 1"
        #expect(MakesOwnLine.same(quoted, "make: *** [Makefile:36: step7] Error 1"))
        #expect(MakesOwnLine.same(quoted, "make: *** [Makefile:7: step7] Error 1"))
        #expect(!MakesOwnLine.same(quoted, "make: *** [Makefile:29: step8] Error 1"))
        #expect(!MakesOwnLine.same(quoted, "make: *** [Makefile:29: run-step7] Error 1"))
        #expect(!MakesOwnLine.same(quoted, "make: *** [Makefile:29: step7] Error 2"))
        #expect(!MakesOwnLine.same(quoted, "make: *** [GNUmakefile:29: step7] Error 1"))
    }
}

/// make's own line after a failing recipe, its line number left out.
enum MakesOwnLine {
    static func normalized(_ line: String) -> String {
        line.replacing(/\[Makefile:\d+:/, with: "[Makefile:<n>:")
    }

    static func same(_ quoted: String, _ printed: String) -> Bool { normalized(quoted) == normalized(printed) }
}
