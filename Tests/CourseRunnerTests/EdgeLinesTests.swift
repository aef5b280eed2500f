import Foundation
import Testing

@testable import CourseRunner

/// `verify --edges` (Verifier.edgeLines): what an instructor reads to see which edges a check holds.
@Suite struct EdgeLinesTests {
    /// Beside each edge, the first failure line of *its* mistake, not of the exercise's first mistake.
    @Test func eachEdgeShowsTheFailureOfItsOwnMistake() throws {
        let manifest = try Manifest.load(root: repositoryRoot)
        let exercise = try manifest.exercise("s10-trigger-fix")
        let mistakes = exercise.mistakes ?? []
        #expect(mistakes.count > 1)
        let answers = mistakes.map { mistake in
            Verifier.Checked(
                attempt: .init(exercise: exercise, role: .mistake, variant: mistake),
                result: CheckResult(stage: .check, message: "a line\n✗ \(mistake.name) fails\n", seconds: 0))
        }
        let edges = mistakes.map { Edge(kind: .again, mistake: $0.name, cases: "a case") }
        let lines = Verifier(checkout: Checkout(root: repositoryRoot)).edgeLines(edges, answers)
        #expect(lines.count == edges.count)
        for (line, mistake) in zip(lines, mistakes) {
            #expect(line.hasSuffix("mistakes/\(mistake.name): ✗ \(mistake.name) fails"), "\(line)")
        }
    }
}
