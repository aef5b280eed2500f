import ArgumentParser
import CourseCore
import Foundation

extension ItemsStep {
    /// The subcommands of steps 4 and 5 (the tour is each step's own).
    public static var itemCommands: [any ParsableCommand.Type] {
        [ShellCommandLine<Self>.self, WatchCommand<Self>.self, ListCommand<Self>.self,
         WordsCommand<Self, New>.self, WordsCommand<Self, Add>.self,
         WordsCommand<Self, Edit>.self, WordsCommand<Self, Delete>.self]
    }

    /// Opens the subcommand's database (default db/stepN.sqlite) and migrates it.
    public static func open(_ options: DatabaseOptions, reading: Bool = false, narrator: Narrator = Narrator()) throws -> AppDatabase<Item> {
        try AppDatabase.open(options.checkedLocation(defaultFile: "\(stepName).sqlite", for: stepName, migrations: migrator.migrations, reading: reading),
                             migrator: migrator, trace: options.trace, narrator: narrator)
    }
}

/// `--order asc|desc|none`
extension Ordering: ExpressibleByArgument {}

struct ShellCommandLine<Step: ItemsStep>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "shell", abstract: "Edit the items with commands from standard input; the list follows live.",
                             discussion: ShellCommand.usage)
    }
    @Option(help: "The first ordering.") var order: Ordering = .unspecified
    @Option(help: "Seed for `new`'s random items (the same seed, the same items).") var seed: UInt64?
    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let appDatabase = try Step.open(database)
        // A terminal gets a prompt; piped input is echoed, so the output reads as a transcript.
        var shell = ItemShell(appDatabase, ordering: order, random: seed.map(SplitMix64.init(seed:)) ?? SplitMix64(),
                              echo: isatty(0) == 0, narrator: Narrator())
        try shell.run { Swift.readLine() }
    }
}

struct WatchCommand<Step: ItemsStep>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "watch", abstract: "Print the list whenever the database file changes, even by another process.")
    }
    @Option(help: "The ordering.") var order: Ordering = .unspecified
    @Option(help: "Stop after this many changes.") var maxUpdates: Int?
    @Option(help: "Stop after this many seconds.") var timeout: Double?
    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if database.inMemory { throw ValidationError("watch needs a file: no other process can write to an in-memory database.") }
    }

    func run() throws {
        let watcher = Watcher(try Step.open(database, reading: true), ordering: order, maxUpdates: maxUpdates, timeout: timeout)
        try attempt("watch the items") { try watcher.run(narrator: Narrator()) }
    }
}

struct ListCommand<Step: ItemsStep>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "list", abstract: "List the items.")
    }
    @Option(help: "asc, desc or none.") var order: Ordering = .unspecified
    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let appDatabase = try Step.open(database, reading: true)
        let items = try attempt("list the items") { try appDatabase.items(order) }
        Narrator().itemList(items, order)
    }
}

/// `new`, `add`, `edit` and `delete` take their words in the shell's grammar.
protocol Verb { static var name: String { get }; static var usage: String { get }; static var abstract: String { get } }
enum New: Verb { static let name = "new", usage = "", abstract = "Add an item with a random name and quantity." }
enum Add: Verb { static let name = "add", usage = "NAME [QUANTITY] [--FIELD VALUE]…", abstract = "Add an item." }
enum Edit: Verb { static let name = "edit", usage = "ID --FIELD VALUE…", abstract = "Edit an item: an empty name keeps the name, an empty quantity clears it." }
enum Delete: Verb { static let name = "delete", usage = "ID…", abstract = "Delete items (all ids must exist)." }

struct WordsCommand<Step: ItemsStep, V: Verb>: ParsableCommand {
    static var configuration: CommandConfiguration {
        let words = [Step.stepName, V.name, V.usage, V.name == "new" ? "[--seed N]" : "", "[--database path] [--in-memory] [--trace]"]
        let fields = editorFields(Step.Item.self).map { "--" + $0 }.joined(separator: ", ")
        return CommandConfiguration(commandName: V.name, abstract: V.abstract,
                                    usage: words.filter { !$0.isEmpty }.joined(separator: " "),
                                    discussion: V.usage.contains("FIELD") ? "Fields: \(fields)." : "")
    }
    @Option(help: ArgumentHelp("Seed for the random item (the same seed, the same item).",
                               visibility: V.name == "new" ? .default : .hidden)) var seed: UInt64?
    @OptionGroup var database: DatabaseOptions
    @Argument(parsing: .allUnrecognized, help: .hidden) var words: [String] = []

    func validate() throws {
        if seed != nil && V.name != "new" { throw ValidationError("--seed is for `new` only.") }
    }

    func run() throws {
        // Parse everything before opening: bad input never touches the file.
        let command = try ShellCommand.parse([V.name] + words, fields: editorFields(Step.Item.self))
        let appDatabase = try Step.open(database)
        var random = seed.map(SplitMix64.init(seed:)) ?? SplitMix64()
        let message = try attempt(V.name + " " + words.joined(separator: " ")) {
            try perform(command, on: appDatabase, random: &random)
        }
        Narrator().line(message)
    }
}
