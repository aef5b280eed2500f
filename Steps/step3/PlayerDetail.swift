import GRDB

// [docs:detail]
/// What the player screen shows: the player, and their team's name if any.
struct PlayerDetail: Equatable {
    var player: Player
    var team: Team?

    var teamName: String { team?.name ?? "No team" }
}

/// The detail of one player, or nil if there is no such player. Errors throw:
/// a subcommand turns them into a message and exit status 1.
func playerDetail(_ db: Database, id: Int64) throws -> PlayerDetail? {
    guard let player = try Player.fetchOne(db, id: id) else { return nil }
    // No teamID, no query: a player without a team is normal.
    let team = try player.teamID.flatMap { try Team.fetchOne(db, id: $0) }
    return PlayerDetail(player: player, team: team)
}
// [/docs:detail]
