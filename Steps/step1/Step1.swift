import ArgumentParser
import CSQLite
import CourseCore

/// `step1`: the raw SQLite C API. With no subcommand, the tour.
@main
struct Step1: ParsableCommand, Lesson {
    static let configuration = CommandConfiguration(
        commandName: "step1",
        abstract: "Step 1: the raw SQLite C API (players, prepared statements, transactions).",
        subcommands: [Tour<Step1>.self, Add.self, List.self],
        defaultSubcommand: Tour<Step1>.self
    )

    /// `--database`, `--in-memory` and `--trace` work before the subcommand as after it (see DatabaseOptions).
    @OptionGroup var options: DatabaseOptions

    // [docs:add-command]
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a player.")
        @Argument(help: "The player's name.") var name: String
        @Flag(help: "Mark the player as injured.") var injured = false
        @OptionGroup var database: DatabaseOptions

        func validate() throws { try requireName(name) }

        func run() throws {
            let db = try open(database)
            defer { sqlite3_close_v2(db) }
            try attempt("add player \"\(name)\"") {
                try insertPlayers(db, [(name, nil, injured)])
            }
            Narrator().line("Added player #\(sqlite3_last_insert_rowid(db)): \(name)\(injured ? " (injured)" : "")")
        }
    }
    // [/docs:add-command]

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the players.")
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let db = try open(database, reading: true)
            defer { sqlite3_close_v2(db) }
            let players = try attempt("list the players") { try fetchPlayers(db) }
            let table = playersTable(players)
            Narrator().table(table.headers, table.rows, indent: "")
        }
    }
}

/// Opens the subcommand's database and makes sure the table exists.
private func open(_ options: DatabaseOptions, reading: Bool = false) throws -> OpaquePointer {
    let location = try options.checkedLocation(defaultFile: "step1.sqlite", for: "step1", reading: reading)
    // The C API's name for an in-memory database is the special path ":memory:".
    let path =
        switch location {
        case .file(let path): path
        case .inMemory: ":memory:"
        }
    let db = try attemptOpen(location) { try openDatabase(path) }
    RawTrace.install(on: db, narrator: options.trace ? Narrator() : nil)  // --trace, --stats
    do {
        try createPlayersTable(db)
    } catch {
        sqlite3_close_v2(db)
        throw CourseError(report: ErrorReport("could not prepare \(Workspace.display(path))", error: error))
    }
    return db
}
