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

    /// `--database`, `--in-memory` and `--trace` work before the subcommand as after it (see DatabaseOptions).
    @OptionGroup var options: DatabaseOptions

    typealias Item = step5.Item
    static let stepName = "step5"
    static var migrator: DatabaseMigrator { AppDatabase.migrator }

    /// The course's `Tour<Step5>`, plus `--database FILE`: `step5 --database FILE` upgrades that file.
    struct TourOrUpgrade: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tour",
            abstract: "Run the narrated lesson on a fresh db/step5-tour.sqlite, or upgrade --database FILE.")
        // For `tour --help` only: step 5's own options parse them first, wherever they are on the line
        // (`step5 --database FILE`, `step5 tour --database FILE`), so the values are in `step.options`.
        @OptionGroup var tracing: TraceOptions
        @Option(help: ArgumentHelp("Upgrade this file (step 4's, or the source app's) and list it.", valueName: "path"))
        var database: String?

        @ParentCommand var step: Step5

        func validate() throws {
            if step.options.inMemory {
                throw ValidationError("--in-memory: a fresh database has nothing to upgrade.")
            }
        }

        func run() throws {
            if let database = step.options.database {
                try upgrade(database, trace: step.options.trace)
            } else {
                try Step5.runTour(trace: step.options.trace)
            }
        }
    }
}
