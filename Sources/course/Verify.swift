import ArgumentParser
import CourseRunner
import Foundation

extension Course {
    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "For instructors and CI: lint, then every starter fails as declared and every solution passes.")
        @Argument(help: "Only these exercises (default: all).") var ids: [String] = []
        @Flag(help: "Also print the whole failure of every starter and known mistake, to read them all once.")
        var messages = false
        @Flag(help: "Also list, under each exercise, the edges its check holds and the mistake that proves each.")
        var edges = false

        func run() throws {
            let checkout = try Checkout.current()
            let manifest = try Manifest.load(root: checkout.root)
            let linter = CourseRunner.Lint(checkout: checkout, manifest: manifest)
            let lint = linter.problems(includingUnfinished: false)
            for problem in lint { print("✗ lint: \(problem)") }
            let exercises = try ids.isEmpty ? manifest.exercises : ids.map(manifest.named)
            // Placeholders are not verify's to judge (the machinery can be proved first); lint fails on them.
            for note in exercises.flatMap(linter.unfinished) { print("· to write: \(note) (lint fails until then)") }
            let start = Date()
            var verifier = Verifier(checkout: checkout)
            verifier.printsMessages = messages
            verifier.printsEdges = edges
            let problems = verifier.verify(exercises)
            for problem in problems { print("✗ \(problem.exercise.id): \(problem.text)") }
            if edges { printEdgeClasses(exercises, root: checkout.root) }
            let failures = lint.count + problems.count
            let seconds = Int(Date().timeIntervalSince(start).rounded())
            print(
                "\(exercises.count) exercises verified in \(seconds) s: \(failures == 0 ? "all as declared" : "\(failures) problems")."
            )
            if failures > 0 { throw ExitCode(1) }
        }

        /// Each class of edge, what it asks, and the exercises whose checks hold one: a class an exercise
        /// should cover and does not is seen here.
        func printEdgeClasses(_ exercises: [Exercise], root: URL) {
            let declared = exercises.map { ($0.id, Edge.declared(for: $0, root: root).edges.map(\.kind)) }
            print("Edges, by class:")
            for kind in Edge.Kind.allCases {
                let ids = declared.filter { $0.1.contains(kind) }.map(\.0)
                print("  \(kind.rawValue) (\(ids.count)): \(kind.asks)")
                print("    " + (ids.isEmpty ? "none" : ids.joined(separator: ", ")))
            }
            let bare = declared.filter { $0.1.isEmpty }.map(\.0)
            if !bare.isEmpty { print("  no edge declared (\(bare.count)): \(bare.joined(separator: ", "))") }
        }
    }
}
