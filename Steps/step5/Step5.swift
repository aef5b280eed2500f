import ArgumentParser
import CourseCore
import GRDB
import ItemsKit

/// `step5`: the notes migration. With no subcommand, the tour; with
/// `--database FILE`, upgrade that file in place.
@main
struct Step5: ParsableCommand, Lesson, ItemsStep {
    static let configuration = CommandConfiguration(
        commandName: "step5",
        abstract: "Step 5: a migration adds item notes; files from step 4 are upgraded in place.",
        subcommands: [TourOrUpgrade.self] + itemCommands,
        defaultSubcommand: TourOrUpgrade.self
    )
    typealias Item = step5.Item
    static let stepName = "step5"
    static var migrator: DatabaseMigrator { AppDatabase.migrator }

    /// The course's `Tour<Step5>`, plus `--database FILE`: `step5 --database FILE` upgrades that file.
    struct TourOrUpgrade: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tour",
            abstract: "Run the narrated lesson on a fresh db/step5-tour.sqlite, or upgrade --database FILE.")
        @OptionGroup var options: TourOptions
        @Option(
            help: ArgumentHelp("Upgrade this file (from step 4 or the tutorial's app) and list it.", valueName: "path"))
        var database: String?

        func run() throws {
            if let database {
                try upgrade(database, trace: options.trace)
            } else {
                try Step5.runTour(trace: options.trace)
            }
        }
    }
}
