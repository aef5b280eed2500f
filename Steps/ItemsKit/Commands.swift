import ArgumentParser
import CourseCore
import Foundation

extension ItemsStep {
    /// The subcommands of steps 4 and 5 (the tour is each step's own).
    public static var itemCommands: [any ParsableCommand.Type] {
        [
            ShellCommandLine<Self>.self, WatchCommand<Self>.self, ListCommand<Self>.self, NewCommand<Self>.self,
            WordsCommand<Self, Add>.self, WordsCommand<Self, Edit>.self, WordsCommand<Self, Delete>.self,
        ]
    }

    /// Opens the subcommand's database (default db/stepN.sqlite) and migrates it.
    /// `reading`: the subcommand only reads, so it never creates a missing `--database` file.
    /// `readOnly`: and it opens an up-to-date file read-only, leaving every byte as it was
    /// (not `watch`: seeing another process's writes takes the pool's shared `-shm`).
    public static func open(
        _ options: DatabaseOptions, reading: Bool = false, readOnly: Bool = false, narrator: Narrator = Narrator()
    ) throws -> AppDatabase<Item> {
        try AppDatabase.open(
            options.checkedLocation(
                defaultFile: "\(stepName).sqlite", for: stepName, migrations: migrator.migrations, reading: reading),
            migrator: migrator, readOnly: readOnly, trace: options.trace, narrator: narrator)
    }

    /// How a learner runs one of this step's commands, from the repository root.
    static func command(_ words: String) -> String { "make \(stepName) ARGS=\"\(words)\"" }

    /// The shell's quoting, and how to pass quoted words through `make`.
    static var quotingHelp: String {
        ShellCommand.quoting + " Through make, put single quotes inside make's double ones: "
            + command("add 'Øresund 100%' 2") + "."
    }
}

/// `--order asc|desc|none`
extension Ordering: ExpressibleByArgument {}

/// The orderings, as the help lists them.
let orderingHelp = ArgumentHelp(
    "The ordering: \(Ordering.allCases.map { "\($0.rawValue) (\($0.label))" }.joined(separator: ", ")).")
