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
public struct DatabaseOptions: ParsableArguments, Sendable {
    @Option(name: .long, help: ArgumentHelp("The database file to use.", valueName: "path"))
    public var database: String?

    @Flag(name: .long, help: "Use a fresh in-memory database instead of a file.")
    public var inMemory = false

    @Flag(name: .long, help: "Print every SQL statement the program runs.")
    public var trace = false

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

/// The options of a tour (a step run with no subcommand).
public struct TourOptions: ParsableArguments, Sendable {
    @Flag(name: .long, help: "Print every SQL statement the tour runs.")
    public var trace = false

    public init() {}
}
