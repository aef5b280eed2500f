import CourseTestSupport
import Foundation
import Testing

/// The two lists beside the mutation tools stay true to the code they name: each hand-picked slip of
/// scripts/mutants.txt (the regression list) still finds its anchor once, and each mutant reviewed as
/// equivalent (Tools/Mutants/equivalent.tsv) still stands on its line. A renamed variable otherwise
/// leaves the list stale until someone runs the slow scripts.
@Suite struct MutantsListTests {
    func text(_ path: String) throws -> String {
        try String(contentsOf: workspaceRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func everySlipOfTheRegressionListFindsItsAnchorOnce() throws {
        var file = ""
        var count = 0
        for line in try text("scripts/mutants.txt").components(separatedBy: "\n") where !line.hasPrefix("#") {
            if line.hasPrefix("file: ") { file = String(line.dropFirst("file: ".count)) }
            guard line.hasPrefix("find: ") else { continue }
            let anchor = String(line.dropFirst("find: ".count))
            let source = try text(file)
            #expect(
                source.components(separatedBy: anchor).count == 2, "\(file): the anchor \(anchor) is not there once")
            count += 1
        }
        #expect(count > 30, "read \(count) slips")
    }

    @Test func everyEquivalentMutantStillStandsOnItsLine() throws {
        let rows = try text("Tools/Mutants/equivalent.tsv").components(separatedBy: "\n")
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        for row in rows {
            let fields = row.components(separatedBy: "\t")
            try #require(fields.count == 5, "expected FILE, CONTEXT, ORIGINAL, REPLACEMENT, WHY: \(row)")
            let lines = try text(fields[0]).components(separatedBy: "\n").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            #expect(lines.contains(fields[1]), "\(fields[0]) has no line \(fields[1])")
            #expect(fields[1].contains(fields[2]), "the line does not hold \(fields[2])")
            #expect(fields[4].count > 40, "say why it cannot change behaviour: \(row)")
        }
    }
}
