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
            let teams = try attempt("list the teams") { try store.open(reading: true).reader.read(allTeams) }
            Narrator().table(["id", "name"], teams.map { [$0.id.map(String.init), $0.name] }, indent: "")
        }
    }

    struct Players: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the players.")
        @OptionGroup var store: StoreOptions

        func run() throws {
            let players = try attempt("list the players") { try store.open(reading: true).reader.read(allPlayers) }
            let table = playersTable(players)
            Narrator().table(table.headers, table.rows, indent: "")
        }
    }

    struct ShowPlayer: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "player", abstract: "Show one player and their team.")
        @Argument(help: "The player's id.") var id: Int64
        @OptionGroup var store: StoreOptions

        func run() throws {
            let detail = try attempt("show player \(id)") {
                guard let detail = try store.open(reading: true).reader.read({ db in try playerDetail(db, id: id) })
                else {
                    throw CourseError.input("no player with id \(id) \(see("players"))")
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
            let team = try attempt("add team \"\(name)\"") { try store.open().addTeam(named: name) }
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
            let player = Player(name: name, createdAt: Date(), isInjured: injured, teamID: team)
            let detail = try attempt("add player \"\(name)\"") { try store.open().addPlayer(player) }
            let id = detail.player.id.map(String.init) ?? "?"
            Narrator().line("Added player #\(id): \(detail.player.name) (\(detail.teamName))")
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
            let detail = try attempt("move player \(id)") { try store.open().movePlayer(id: id, toTeam: team) }
            Narrator().line("Player #\(id) \(detail.player.name): \(detail.teamName)")
        }
    }

    struct DeleteTeam: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a team (refused while it has players).")
        @Argument(help: "The team's id.") var id: Int64
        @OptionGroup var store: StoreOptions

        func run() throws {
            let team = try attempt("delete team \(id)") { try store.open().deleteTeam(id: id) }
            Narrator().line("Deleted team #\(id): \(team.name)")
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Look for rows whose foreign key points nowhere (PRAGMA foreign_key_check).")
        @OptionGroup var store: StoreOptions

        func run() throws {
            let problems = try attempt("check foreign keys") {
                try store.open(reading: true).reader.read(foreignKeyProblems)
            }
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

/// `PRAGMA foreign_key_check`'s rows as the narrator prints them.
func violationsTable(_ problems: [ForeignKeyViolation]) -> (headers: [String], rows: [[String?]]) {
    (
        ["table", "rowid", "parent", "fkid"],
        problems.map {
            [$0.originTable, $0.originRowID.map(String.init), $0.destinationTable, String($0.foreignKeyId)]
        }
    )
}

/// A hint that runs as it is printed, pasted at the repository root:
/// `see("teams")` is `(see: make step3 ARGS="teams")`.
func see(_ arguments: String) -> String {
    "(see: make step3 ARGS=\"\(arguments)\")"
}
