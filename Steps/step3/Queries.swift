import CourseCore
import GRDB
import IssueReporting

// Reading the database. Every query runs inside `read { db in … }`: a read
// never blocks other reads, and says to the reader of the code "nothing is
// written here". Each GRDB call has the SQL it runs beside it.

// [docs:queries]
/// Every player, in id order. Without ORDER BY, SQLite promises no order at all.
func allPlayers(_ db: Database) throws -> [Player] {
    try Player.order(Player.Columns.id).fetchAll(db)  // SELECT * FROM "players" ORDER BY "id"
}

/// One team by primary key, or nil when there is no such team (not an error).
func findTeam(_ db: Database, id: Int64) throws -> Team? {
    try Team.fetchOne(db, id: id)  // SELECT * FROM "teams" WHERE "id" = ?
}

/// The same lookup in SQL we write ourselves. The id travels as an argument,
/// bound to `?`: never pasted into the SQL text.
func teamWithSQL(_ db: Database, id: Int64, sql: String = teamByIDSQL) throws -> Team? {
    try Team.fetchOne(db, sql: sql, arguments: [id])
}

let teamByIDSQL = #"SELECT * FROM "teams" WHERE "id" = ?"#
// [/docs:queries]

/// All teams, in id order.
func allTeams(_ db: Database) throws -> [Team] {
    try Team.order(Team.Columns.id).fetchAll(db)  // SELECT * FROM "teams" ORDER BY "id"
}

// [docs:report-issue]
/// Source 002's screen code: load the player's team to display it. An error
/// here is a bug (a typo in the SQL, a missing migration), not something the
/// user can fix, so it is *reported* — loudly in development, as a failure
/// in tests — and the screen carries on showing "No team".
func loadDetail(of player: Player, from database: AppDatabase, sql: String = teamByIDSQL) -> PlayerDetail {
    var team: Team?
    do {
        if let teamID = player.teamID {
            team = try database.reader.read { db in try teamWithSQL(db, id: teamID, sql: sql) }
        }
    } catch {
        reportIssue(error, "could not load the team of \(player.name)")
    }
    return PlayerDetail(player: player, team: team)
}
// [/docs:report-issue]
