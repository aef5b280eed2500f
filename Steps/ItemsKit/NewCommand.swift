import ArgumentParser
import CourseCore
import Foundation

/// `new`: the tutorial's "New" button, with a generator you can restart.
struct NewCommand<Step: ItemsStep>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "new", abstract: "Add an item with a random name and quantity.")
    }
    @OptionGroup var random: RandomStartOption
    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let appDatabase = try Step.open(database)
        var generator = random.generator
        let message = try attempt("add a random item") {
            try perform(.new, on: appDatabase, random: &generator)
        }
        Narrator().line(message)
    }
}
