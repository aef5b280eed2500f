import CourseTestSupport
import Foundation
import Testing

/// `make` lists one line per chapter (scripts/list-steps.sh). A chapter is
/// either a step's ("# Step N · …", run with `make stepN`) or stands alone
/// ("# Chapter N · …", e.g. chapter 12's `make bench`): the title must say
/// which, and the listing must never offer a command that does not exist.
@Suite struct ChapterListTests {
    static func chapters() throws -> [(number: Int, file: String, title: String)] {
        let docs = workspaceRoot.appendingPathComponent("docs")
        return try FileManager.default.contentsOfDirectory(atPath: docs.path).sorted().compactMap { file in
            // docs/09-concurrency.md, docs/12-performance.md: two digits, then a dash.
            guard file.hasSuffix(".md"), file.dropFirst(2).hasPrefix("-"), let number = Int(file.prefix(2)) else {
                return nil
            }
            let text = try String(contentsOf: docs.appendingPathComponent(file), encoding: .utf8)
            return (number, file, String(text.prefix { $0 != "\n" }))
        }
    }

    @Test func aChapterTitleSaysWhetherItHasAStep() throws {
        for chapter in try Self.chapters() {
            let hasStep = FileManager.default.fileExists(
                atPath: workspaceRoot.appendingPathComponent("Steps/step\(chapter.number)").path)
            let prefix = hasStep ? "# Step \(chapter.number) · " : "# Chapter \(chapter.number) · "
            #expect(chapter.title.hasPrefix(prefix), "docs/\(chapter.file) should start with \"\(prefix)…\"")
        }
    }

    @Test func theListingOffersOnlyTargetsThatExist() throws {
        let process = Process()
        process.executableURL = workspaceRoot.appendingPathComponent("scripts/list-steps.sh")
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let listing = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)

        let makefile = try String(contentsOf: workspaceRoot.appendingPathComponent("Makefile"), encoding: .utf8)
        let chapters = try Self.chapters()
        let lines = listing.split(separator: "\n").filter { $0.hasPrefix("  make ") }
        #expect(lines.count == chapters.count, "one line per chapter:\n\(listing)")
        for line in lines {
            let target = line.split(separator: " ")[1]
            if target.hasPrefix("step"), let number = Int(target.dropFirst(4)) {
                #expect(
                    FileManager.default.fileExists(
                        atPath: workspaceRoot.appendingPathComponent("Steps/step\(number)").path),
                    "the listing offers `make \(target)`, but there is no Steps/step\(number)")
            } else {
                #expect(
                    makefile.contains("\n\(target):"), "the listing offers `make \(target)`, which the Makefile lacks")
            }
        }
    }
}
