import ArgumentParser
import CourseCore
import Foundation

/// `list`: the items, in an ordering.
struct ListCommand<Step: ItemsStep>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "list", abstract: "List the items.")
    }
    @Option(help: orderingHelp) var order: Ordering = .unspecified
    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let appDatabase = try Step.open(database, reading: true, readOnly: true)
        let items = try attempt("list the items") { try appDatabase.items(order) }
        Narrator().itemList(items, order)
    }
}
