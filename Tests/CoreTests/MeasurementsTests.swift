import CourseTestSupport
import Foundation
import Testing

/// docs/measurements.md holds what the measuring scripts recorded (`--record`, through
/// scripts/record-measurement.py): each entry says when, at which commit, on how many cores and
/// at what load its figure was taken, so that no figure is read without its conditions. Only the
/// last section, "Taken by hand", is written by a person.
@Suite struct MeasurementsTests {
    static let handSection = "Taken by hand"

    /// The recorder's line: `- 2026-11-25 19:02 · 3d3ddaf+ · 2 cores · load 0.52 0.61 0.70 · TEXT`.
    static var entry: Regex<(Substring, Substring, Substring)> {
        #/- \d{4}-\d{2}-\d{2} \d{2}:\d{2} · ([0-9a-f]{7,40}\+?|no commit) · \d+ cores · load (\d+\.\d+ ){3}· \S.*/#
    }

    /// The sections of the file: each `## ` heading and the lines under it.
    static func sections() throws -> [(heading: String, lines: [Substring])] {
        let text = try String(
            contentsOf: workspaceRoot.appendingPathComponent("docs/measurements.md"), encoding: .utf8)
        var sections: [(heading: String, lines: [Substring])] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                sections.append((String(line.dropFirst(3)), []))
            } else if !sections.isEmpty {
                sections[sections.count - 1].lines.append(line)
            }
        }
        return sections
    }

    @Test func everyRecordedFigureSaysWhenWhereAndUnderWhatLoad() throws {
        for section in try Self.sections() where section.heading != Self.handSection {
            for line in section.lines where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                #expect(
                    line.wholeMatch(of: Self.entry) != nil,
                    """
                    docs/measurements.md, "\(section.heading)": not a recorded entry (a script with --record \
                    writes these): \(line)
                    """)
            }
        }
    }

    /// The recorder puts a new section before "Taken by hand": a section after it was written by hand.
    @Test func theFiguresTakenByHandEndTheFile() throws {
        let headings = try Self.sections().map(\.heading)
        #expect(headings.filter { $0 == Self.handSection }.count == 1)
        #expect(headings.last == Self.handSection, "sections after \"\(Self.handSection)\": \(headings)")
    }
}
