import ArgumentParser
import CourseCore
import Foundation

/// `shell`: the items, edited with commands from standard input.
struct ShellCommandLine<Step: ItemsStep>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "shell", abstract: "Edit the items with commands from standard input; the list follows live.",
            discussion: ShellCommand.usage + "\n\n" + Step.quotingHelp)
    }
    @Option(help: orderingHelp) var order: Ordering = .unspecified
    @OptionGroup var random: RandomStartOption
    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let appDatabase = try Step.open(database)
        // A terminal gets a prompt; piped input is echoed, so the output reads as a transcript.
        var shell = ItemShell(
            appDatabase, ordering: order, random: random.generator, echo: isatty(0) == 0, narrator: Narrator())
        try shell.run { Swift.readLine() }
    }
}
