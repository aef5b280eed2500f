import ArgumentParser
import CourseCore
import CourseGRDB
import Foundation
import GRDB

/// `step2`: one connection behind a serial queue, by hand and with GRDB.
@main
struct Step2: ParsableCommand, Lesson {
    static let configuration = CommandConfiguration(
        commandName: "step2",
        abstract: "Step 2: a serial queue around one connection, then GRDB's DatabaseQueue and migrations.",
        subcommands: [Tour<Step2>.self, Add.self, List.self, Injure.self],
        defaultSubcommand: Tour<Step2>.self
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
            let queue = try open(database)
            var player = Player(name: name, createdAt: Date(), isInjured: injured)
            // INSERT INTO "players" ("id", "name", "createdAt", "isInjured") VALUES (NULL, ?, ?, ?)
            try attempt("add player \"\(name)\"") { try queue.write { db in try player.insert(db) } }
            Narrator().line("Added player #\(player.id ?? 0): \(name)\(injured ? " (injured)" : "")")
        }
    }
    // [/docs:add-command]

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the players.")
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let queue = try open(database, reading: true)
            // SELECT * FROM "players" ORDER BY "id"
            let players = try attempt("list the players") {
                try queue.read { db in try Player.order(Player.Columns.id).fetchAll(db) }
            }
            let table = playersTable(players)
            Narrator().table(table.headers, table.rows, indent: "")
        }
    }

    struct Injure: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Mark a player as injured.")
        @Argument(help: "The player's id.") var id: Int64
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let queue = try open(database)
            let player = try attempt("injure player #\(id)") {
                try queue.write { db -> Player in
                    // SELECT * FROM "players" WHERE "id" = ?
                    guard var player = try Player.fetchOne(db, key: id) else {
                        throw CourseError.input("no player with id \(id) (see: make step2 ARGS=\"list\")")
                    }
                    player.isInjured = true
                    // UPDATE "players" SET "name" = ?, "createdAt" = ?, "isInjured" = ? WHERE "id" = ?
                    try player.update(db)
                    return player
                }
            }
            Narrator().line("Player #\(id) \(player.name) is injured.")
        }
    }
}

/// Opens the subcommand's database and brings its schema up to date.
private func open(_ options: DatabaseOptions, reading: Bool = false) throws -> DatabaseQueue {
    let location = try options.checkedLocation(
        defaultFile: "step2.sqlite", for: "step2", migrations: migrator.migrations, reading: reading)
    let configuration = CourseGRDB.configuration(trace: options.trace, narrator: Narrator())
    if reading {
        // An up-to-date file is opened read-only: `list` leaves every byte as it was.
        return try CourseGRDB.openForReading(location, configuration: configuration, migrator: migrator)
    }
    let queue = try CourseGRDB.openQueue(location, configuration: configuration)
    _ = try migrate(queue, with: migrator)
    return queue
}
