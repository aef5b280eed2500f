import ArgumentParser
import CourseCore
import GRDB
import ItemsKit

/// `step4`: items with ordering and a live list. With no subcommand, the tour.
@main
struct Step4: ParsableCommand, ItemsStep {
    static let configuration = CommandConfiguration(
        commandName: "step4",
        abstract: "Step 4: items with ordering, a collation, and a live list (ValueObservation).",
        subcommands: [Tour.self] + itemCommands,
        defaultSubcommand: Tour.self
    )
    typealias Item = step4.Item
    static let stepName = "step4"
    static var migrator: DatabaseMigrator { Schema.migrator }

    struct Tour: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Run the narrated lesson in memory.")
        @OptionGroup var options: TourOptions
        func run() throws { try runTour(trace: options.trace) }
    }
}
