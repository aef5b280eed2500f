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
        // `--database FILE`: upgrade that file (from step 4 or the source's app) and list it. (The values
        // given to step5 itself arrive here too: `step5 --database FILE` is this subcommand.)
        @OptionGroup var options: DatabaseOptions

        func validate() throws {
            if options.inMemory { throw ValidationError("--in-memory: a fresh database has nothing to upgrade.") }
        }

        func run() throws {
            if let database = options.database {
                try upgrade(database, trace: options.trace)
            } else {
                try Step5.runTour(trace: options.trace)
            }
        }
    }
}
