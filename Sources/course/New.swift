import ArgumentParser
import CourseRunner

extension Course {
    struct New: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "For instructors: add an exercise that verify passes at once (docs/instructors.md).",
            discussion: """
                Writes the manifest entry, Exercises/<id>, Solutions/<id>, Checks/<id> (with one mistake and \
                one alternative), a row in the chapter's Exercises table and Package.swift's list. Then edit them, \
                and run `make ex ARGS="verify <id>"`.
                """)
        @Argument(help: "The new exercise's id: s<step>-<words>, e.g. s3-count-rows.") var id: String
        @Option(help: "write, fix, predict or sql.") var kind: Exercise.Kind

        func run() throws {
            let checkout = try Checkout.current()
            let written = try Scaffold(checkout: checkout, id: id, kind: kind).create()
            print("Created \(id) (\(kind.rawValue)):")
            for path in written { print("  \(path)") }
            print(
                "Next: `make ex ARGS=\"verify \(id)\"` (it passes as is), then make it yours: "
                    + "lint fails until every TODO (instructor) is written.")
        }
    }
}

extension Exercise.Kind: ExpressibleByArgument {}
