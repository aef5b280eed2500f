import ArgumentParser
import CourseCore
import Foundation

/// `add`, `edit`, `delete`: one subcommand per verb, parsed with the shell's grammar.
struct WordsCommand<Step: ItemsStep, V: Verb>: ParsableCommand {
    static var configuration: CommandConfiguration {
        let fields = editorFields(Step.Item.self).map { "--" + $0 }.joined(separator: ", ")
        let takesText = V.usage.contains("FIELD")
        let discussion = [takesText ? "Fields: \(fields)." : "", takesText ? Step.quotingHelp : ""]
        return CommandConfiguration(
            commandName: V.name, abstract: V.abstract,
            usage: "\(Step.stepName) \(V.name) \(V.usage) [--database path] [--in-memory] [--trace] [--stats]",
            discussion: discussion.filter { !$0.isEmpty }.joined(separator: "\n\n"))
    }
    @OptionGroup var database: DatabaseOptions
    @Argument(parsing: .allUnrecognized, help: .hidden) var words: [String] = []

    func run() throws {
        // Parse everything, then check it on the file opened read-only, before the pool opens:
        // bad input never touches the file (AppDatabase.check says why).
        let command = try ShellCommand.parse([V.name] + words, fields: editorFields(Step.Item.self))
        try Step.open(database, readOnly: true).check(command)
        let appDatabase = try Step.open(database)
        var unused = SplitMix64(start: 0)  // only `new` draws random numbers
        let message = try attempt(V.name + " " + words.joined(separator: " ")) {
            try perform(command, on: appDatabase, random: &unused)
        }
        Narrator().line(message)
    }
}
