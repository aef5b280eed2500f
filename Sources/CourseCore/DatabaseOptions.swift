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
///
/// A subcommand declares `@OptionGroup var database: DatabaseOptions`. The
/// step's root command declares the same group, so the options may come
/// before the subcommand too: `step2 --trace list` and `step2 list --trace`
/// mean the same. (ArgumentParser parses the root's options first, wherever
/// they are on the line, and hands an `@OptionGroup` of the same type in the
/// subcommand the values it already parsed.)
public struct DatabaseOptions: ParsableArguments, Sendable {
    @OptionGroup public var file: DatabaseFileOptions
    @OptionGroup public var tracing: TraceOptions

    public init() {}

    /// `--database`: the file to use, if given.
    public var database: String? { file.database }
    /// `--in-memory`.
    public var inMemory: Bool { file.inMemory }
    /// `--trace`.
    public var trace: Bool { tracing.trace }

    /// The chosen location; `defaultFile` (e.g. "step3.sqlite") is under `db/`.
    public func location(defaultFile: String) throws -> DatabaseLocation {
        if inMemory { return .inMemory }
        if let database { return .file(database) }
        return .file(try Workspace.databasePath(defaultFile))
    }
}

/// `--database PATH` and `--in-memory`: which database a subcommand works on.
public struct DatabaseFileOptions: ParsableArguments, Sendable {
    @Option(name: .long, help: ArgumentHelp("The database file to use.", valueName: "path"))
    public var database: String?

    @Flag(name: .long, help: "Use a fresh in-memory database instead of a file.")
    public var inMemory = false

    public init() {}

    public mutating func validate() throws {
        if database != nil && inMemory {
            throw ValidationError("Use --database or --in-memory, not both.")
        }
        if let database, database.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--database needs a file path.")
        }
    }
}

/// `--trace`: every step has it, for the tour and for every subcommand.
public struct TraceOptions: ParsableArguments, Sendable {
    @Flag(name: .long, help: "Print every SQL statement the program runs.")
    public var trace = false

    public init() {}
}

/// The old name of `TraceOptions`, kept for code written before the rename.
@available(*, deprecated, renamed: "TraceOptions")
public typealias TourOptions = TraceOptions
