import ArgumentParser
import CourseCore
import Foundation

/// `watch`: the list, printed again whenever the file changes.
struct WatchCommand<Step: ItemsStep>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "watch",
            abstract: "Print the list whenever the database file changes, even by another process.")
    }
    @Option(help: orderingHelp) var order: Ordering = .unspecified
    @Option(help: "Stop after this many changes.") var maxUpdates: Int?
    @Option(help: "Stop after this many seconds.") var timeout: Double?
    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if database.inMemory {
            throw ValidationError("watch needs a file: no other process can write to an in-memory database.")
        }
    }

    func run() throws {
        let watcher = Watcher(
            try Step.open(database, reading: true), ordering: order, maxUpdates: maxUpdates, timeout: timeout)
        try attempt("watch the items") { try watcher.run(narrator: Narrator()) }
    }
}
