import ArgumentParser
import CourseCore
import Foundation
import GRDB

/// `step3`: players and teams, one migrated database, foreign keys. With no subcommand, the tour.
@main
struct Step3: ParsableCommand, Lesson {
    static let configuration = CommandConfiguration(
        commandName: "step3",
        abstract: "Step 3: players and teams with foreign keys (GRDB).",
        subcommands: [
            Tour<Step3>.self, Teams.self, Players.self, ShowPlayer.self, AddTeam.self, AddPlayer.self,
            MovePlayer.self, DeleteTeam.self, Check.self,
        ],
        defaultSubcommand: Tour<Step3>.self
    )

    /// `--database`, `--in-memory` and `--trace` work before the subcommand as after it (see DatabaseOptions).
    @OptionGroup var options: DatabaseOptions

    struct Teams: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the teams.")
        @OptionGroup var store: StoreOptions

        func run() throws {
            let teams = try attempt("list the teams") { try store.open().read(allTeams) }
            Narrator().table(["id", "name"], teams.map { [$0.id.map(String.init), $0.name] }, indent: "")
        }
    }

    struct Players: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the players.")
        @OptionGroup var store: StoreOptions

        func run() throws {
            let players = try attempt("list the players") { try store.open().read(allPlayers) }
            let table = playersTable(players)
            Narrator().table(table.headers, table.rows, indent: "")
        }
    }

    struct ShowPlayer: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "player", abstract: "Show one player and their team.")
        @Argument(help: "The player's id.") var id: Int64
        @OptionGroup var store: StoreOptions

        func run() throws {
            let detail = try attempt("show player \(id)") {
                guard let detail = try store.open().read({ db in try playerDetail(db, id: id) }) else {
                    throw CourseError.input("no player with id \(id) (see: step3 players)")
                }
                return detail
            }
            let say = Narrator()
            say.line("Player #\(id): \(detail.player.name)")
            say.line("Created: \(detail.player.createdAt.formatted(.iso8601))")
            say.line("Injured: \(detail.player.isInjured ? "yes" : "no")")
            say.line("Team:    \(detail.teamName)")
        }
    }

    struct AddTeam: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a team.")
        @Argument(help: "The team's name.") var name: String
        @OptionGroup var store: StoreOptions

        func validate() throws { try requireName(name) }

        func run() throws {
            let team = try attempt("add team \"\(name)\"") {
                try store.open().write { db in try Team(name: name).inserted(db) }
            }
            Narrator().line("Added team #\(team.id.map(String.init) ?? "?"): \(team.name)")
        }
    }

    struct AddPlayer: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a player, on a team or not.")
        @Argument(help: "The player's name.") var name: String
        @Option(help: "The id of the player's team.") var team: Int64?
        @Flag(help: "Mark the player as injured.") var injured = false
        @OptionGroup var store: StoreOptions

        func validate() throws { try requireName(name) }

        func run() throws {
            let detail = try attempt("add player \"\(name)\"") {
                // One transaction: the check and the insert see the same database.
                try store.open().write { db in
                    let team = try existingTeam(db, id: self.team)
                    let player = try Player(name: name, createdAt: Date(), isInjured: injured, teamID: team?.id).inserted(db)
                    return PlayerDetail(player: player, team: team)
                }
            }
            Narrator().line("Added player #\(detail.player.id.map(String.init) ?? "?"): \(detail.player.name) (\(detail.teamName))")
        }
    }

    struct MovePlayer: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Put a player on another team, or on none.")
        @Argument(help: "The player's id.") var id: Int64
        @Option(help: "The id of the new team.") var team: Int64?
        @Flag(help: "Take the player off their team.") var noTeam = false
        @OptionGroup var store: StoreOptions

        func validate() throws {
            if (team == nil) == !noTeam {
                throw ValidationError("Give either --team ID or --no-team.")
            }
        }

        func run() throws {
            let detail = try attempt("move player \(id)") {
                try store.open().write { db in
                    guard var player = try Player.fetchOne(db, id: id) else {
                        throw CourseError.input("no player with id \(id) (see: step3 players)")
                    }
                    let team = try existingTeam(db, id: self.team)
                    // UPDATE "players" SET "teamID" = ? WHERE "id" = ?  (only the changed column)
                    try player.updateChanges(db) { $0.teamID = team?.id }
                    return PlayerDetail(player: player, team: team)
                }
            }
            Narrator().line("Player #\(id) \(detail.player.name): \(detail.teamName)")
        }
    }

    struct DeleteTeam: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a team (refused while it has players).")
        @Argument(help: "The team's id.") var id: Int64
        @OptionGroup var store: StoreOptions

        func run() throws {
            let team = try attempt("delete team \(id)") {
                try store.open().write { db in
                    guard let team = try findTeam(db, id: id) else {
                        throw CourseError.input("no team with id \(id) (see: step3 teams)")
                    }
                    try deleteRefusingOrphans(db, team)
                    return team
                }
            }
            Narrator().line("Deleted team #\(id): \(team.name)")
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Look for rows whose foreign key points nowhere (PRAGMA foreign_key_check).")
        @OptionGroup var store: StoreOptions

        func run() throws {
            let problems = try attempt("check foreign keys") { try store.open().read(foreignKeyProblems) }
            guard !problems.isEmpty else {
                Narrator().line("No foreign key problems.")
                return
            }
            let table = violationsTable(problems)
            Narrator().table(table.headers, table.rows, indent: "")
            throw CourseError.badData(
                "\(problems.count) row(s) point to a row that does not exist",
                fix: "fix or delete the rows listed above, then check again: make step3 ARGS=\"check\"")
        }
    }
}

/// The options of every subcommand that opens the database.
struct StoreOptions: ParsableArguments {
    @OptionGroup var database: DatabaseOptions

    @Flag(help: "Add the demo teams and players (once: it is a migration).")
    var seed = false

    func open() throws -> DatabaseQueue {
        try appDatabase(location: database.location(defaultFile: "step3.sqlite"), trace: database.trace, seed: seed)
    }
}

/// The team with this id; nil for no id; a clear error for an id that doesn't exist.
/// (The foreign key would refuse it too, but with a message about constraints.)
func existingTeam(_ db: Database, id: Int64?) throws -> Team? {
    guard let id else { return nil }
    guard let team = try findTeam(db, id: id) else {
        throw CourseError.input("no team with id \(id) (see: step3 teams)")
    }
    return team
}

// [docs:delete-team]
/// Deletes a team. While players still belong to it, the foreign key makes
/// SQLite refuse (SQLITE_CONSTRAINT_FOREIGNKEY); we say which players.
func deleteRefusingOrphans(_ db: Database, _ team: Team) throws {
    do {
        _ = try team.delete(db) // DELETE FROM "teams" WHERE "id" = ?
    } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY {
        // SELECT * FROM "players" WHERE "teamID" = ?
        let players = try Player.filter(Column("teamID") == team.id).fetchAll(db)
        let names = players.map { "#\($0.id.map(String.init) ?? "?") \($0.name)" }.joined(separator: ", ")
        throw CourseError(report: ErrorReport(
            "could not delete team \(team.name): its players (\(names)) would point to nothing; move them first",
            error: error))
    }
}
// [/docs:delete-team]

/// Players as the narrator prints them.
func playersTable(_ players: [Player]) -> (headers: [String], rows: [[String?]]) {
    (["id", "name", "createdAt", "isInjured", "teamID"],
     players.map { [$0.id.map(String.init), $0.name, $0.createdAt.formatted(.iso8601), $0.isInjured ? "1" : "0", $0.teamID.map(String.init)] })
}

/// `PRAGMA foreign_key_check`'s rows as the narrator prints them.
func violationsTable(_ problems: [ForeignKeyViolation]) -> (headers: [String], rows: [[String?]]) {
    (["table", "rowid", "parent", "fkid"],
     problems.map { [$0.originTable, $0.originRowID.map(String.init), $0.destinationTable, String($0.foreignKeyId)] })
}
