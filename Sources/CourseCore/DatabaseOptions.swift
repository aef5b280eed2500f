import ArgumentParser
import Foundation

/// Where a subcommand's database is.
public enum DatabaseLocation: Sendable, Equatable {
    case file(String)
    case inMemory

    /// How the location reads in output.
    public var display: String {
        switch self {
        case .file(let path): Workspace.display(path)
        case .inMemory: "an in-memory database"
        }
    }
}

/// The options every step's subcommands share:
///
///     --database PATH   work on this file (default: db/<step>.sqlite)
///     --in-memory       work on a fresh database that disappears on exit
///     --trace           print every SQL statement before it runs
///     --stats           after the command, print what SQLite did (CommandStatistics)
///
/// A subcommand declares `@OptionGroup var database: DatabaseOptions`. The
/// step's root command declares the same group, so the options may come
/// before the subcommand too: `step2 --trace list` and `step2 list --trace`
/// mean the same. (ArgumentParser parses the root's options first, wherever
/// they are on the line, and hands an `@OptionGroup` of the same type in the
/// subcommand the values it already parsed.)
///
/// The options are declared here, flat, not as two nested groups: a
/// debug build of ArgumentParser checks every group again for each group
/// around it, each time it looks at a command, and with nesting that check
/// was most of a step's start-up, paid by every command the suite runs
/// (docs/measurements.md, "Taken by hand").
public struct DatabaseOptions: ParsableArguments, Sendable {
    @Option(name: .long, help: ArgumentHelp("The database file to use.", valueName: "path"))
    public var database: String?

    @Flag(name: .long, help: "Use a fresh in-memory database instead of a file.")
    public var inMemory = false

    @Flag(name: .long, help: TraceOptions.help)
    public var trace = false

    @Flag(name: .long, help: TraceOptions.statsHelp)
    public var stats = false

    public init() {}

    public mutating func validate() throws {
        if database != nil && inMemory {
            throw ValidationError("Use --database or --in-memory, not both.")
        }
        if let database, database.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--database needs a file path.")
        }
    }

    /// The chosen location; `defaultFile` (e.g. "step3.sqlite") is under `db/`.
    public func location(defaultFile: String) throws -> DatabaseLocation {
        if inMemory { return .inMemory }
        if let database { return .file(database) }
        return .file(try Workspace.databasePath(defaultFile))
    }
}

/// `--trace` and `--stats`: what a tour's `--help` shows (see Tour). The step's own
/// `DatabaseOptions` parse both first, wherever they are on the line, and the tour
/// reads them there.
public struct TraceOptions: ParsableArguments, Sendable {
    static let help: ArgumentHelp = "Print every SQL statement the program runs."
    static let statsHelp = ArgumentHelp(
        "After the command, print what SQLite did: per statement, VM steps, full-scan steps, sorts and "
            + "pages; per file, reads, writes and syncs.")

    @Flag(name: .long, help: help)
    public var trace = false

    @Flag(name: .long, help: statsHelp)
    public var stats = false

    public init() {}
}
