import ArgumentParser
import CourseCore
import GRDB
import ItemsKit

/// `step4`: items with ordering and a live list. With no subcommand, the tour.
@main
struct Step4: ParsableCommand, Lesson, ItemsStep {
    static let configuration = CommandConfiguration(
        commandName: "step4",
        abstract: "Step 4: items with ordering, a collation, and a live list (ValueObservation).",
        subcommands: [Tour<Step4>.self] + itemCommands,
        defaultSubcommand: Tour<Step4>.self
    )

    /// `--database`, `--in-memory` and `--trace` work before the subcommand as after it (see DatabaseOptions).
    @OptionGroup var options: DatabaseOptions
    typealias Item = step4.Item
    static let stepName = "step4"
    static var migrator: DatabaseMigrator { Schema.migrator }
}
