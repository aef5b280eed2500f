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
    public static func open(_ options: DatabaseOptions, narrator: Narrator = Narrator()) throws -> AppDatabase<Item> {
        try AppDatabase.open(
            options.location(defaultFile: "\(stepName).sqlite"),
            migrator: migrator, trace: options.trace, narrator: narrator)
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
    "\(Ordering.allCases.map { "\($0.rawValue) (\($0.label))" }.joined(separator: ", ")).")

/// The generator's start value: the same start value gives the same items.
struct RandomStartOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Start value for `new`'s random items (the same start value gives the same items).", valueName: "N"))
    var randomStart: UInt64?

    var generator: SplitMix64 { randomStart.map(SplitMix64.init(start:)) ?? SplitMix64() }
}

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

struct WatchCommand<Step: ItemsStep>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "watch", abstract: "Print the list whenever the database file changes, even by another process.")
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
        let watcher = Watcher(try Step.open(database), ordering: order, maxUpdates: maxUpdates, timeout: timeout)
        try attempt("watch the items") { try watcher.run(narrator: Narrator()) }
    }
}

struct ListCommand<Step: ItemsStep>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "list", abstract: "List the items.")
    }
    @Option(help: orderingHelp) var order: Ordering = .unspecified
    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let appDatabase = try Step.open(database)
        let items = try attempt("list the items") { try appDatabase.items(order) }
        Narrator().itemList(items, order)
    }
}

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

/// `add`, `edit` and `delete` take their words in the shell's grammar.
protocol Verb {
    static var name: String { get }
    static var usage: String { get }
    static var abstract: String { get }
}
enum Add: Verb {
    static let name = "add", usage = "NAME [QUANTITY] [--FIELD VALUE]…", abstract = "Add an item."
}
enum Edit: Verb {
    static let name = "edit", usage = "ID --FIELD VALUE…"
    static let abstract = "Edit an item: an empty name keeps the name, an empty quantity clears it."
}
enum Delete: Verb {
    static let name = "delete", usage = "ID…", abstract = "Delete items (all ids must exist)."
}

struct WordsCommand<Step: ItemsStep, V: Verb>: ParsableCommand {
    static var configuration: CommandConfiguration {
        let fields = editorFields(Step.Item.self).map { "--" + $0 }.joined(separator: ", ")
        let discussion = [V.usage.contains("FIELD") ? "Fields: \(fields)." : "", Step.quotingHelp]
        return CommandConfiguration(
            commandName: V.name, abstract: V.abstract,
            usage: "\(Step.stepName) \(V.name) \(V.usage) [--database path] [--in-memory] [--trace]",
            discussion: discussion.filter { !$0.isEmpty }.joined(separator: "\n\n"))
    }
    @OptionGroup var database: DatabaseOptions
    @Argument(parsing: .allUnrecognized, help: .hidden) var words: [String] = []

    func run() throws {
        // Parse everything before opening: bad input never touches the file.
        let command = try ShellCommand.parse([V.name] + words, fields: editorFields(Step.Item.self))
        let appDatabase = try Step.open(database)
        var unused = SplitMix64(start: 0) // only `new` draws random numbers
        let message = try attempt(V.name + " " + words.joined(separator: " ")) {
            try perform(command, on: appDatabase, random: &unused)
        }
        Narrator().line(message)
    }
}
