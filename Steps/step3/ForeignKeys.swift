import CourseCore
import CourseGRDB
import GRDB

// Foreign keys: `players.teamID REFERENCES teams(id)` promises that a
// player's teamID is NULL or the id of a team that exists. SQLite keeps that
// promise only on connections that ask it to (PRAGMA foreign_keys = ON);
// GRDB asks by default (`Configuration.foreignKeysEnabled`).

// [docs:check]
/// Rows whose foreign key points nowhere. Runs `PRAGMA foreign_key_check`,
/// which works whether or not this connection enforces foreign keys.
func foreignKeyProblems(_ db: Database) throws -> [ForeignKeyViolation] {
    try Array(db.foreignKeyViolations())  // PRAGMA foreign_key_check
}
// [/docs:check]

// [docs:on-delete]
/// What deleting a team does to its players, depending on the foreign key's
/// ON DELETE clause. On a scratch in-memory database: Lions (Blob, Blob Jr)
/// and Tigers (Blob Sr); then Lions is deleted. Returns the players left.
///
/// - `nil` (the default, NO ACTION): the DELETE is refused while players remain.
/// - `.setNull`: the team goes; its players stay, with teamID NULL.
/// - `.cascade`: the team goes, and its players with it.
func deleteLions(onDelete action: Database.ForeignKeyAction?, trace: Bool, narrator: Narrator) throws -> [Player] {
    let scratch = try CourseGRDB.openQueue(
        .inMemory, configuration: CourseGRDB.configuration(trace: trace, narrator: narrator))
    return try scratch.write { db in
        try db.create(table: "teams") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("name", .text).notNull()
        }
        try db.create(table: "players") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("name", .text).notNull()
            table.column("createdAt", .datetime).notNull()
            table.column("isInjured", .boolean).notNull().defaults(to: false)
            // "teamID" INTEGER REFERENCES "teams"("id") ON DELETE SET NULL (or CASCADE)
            table.column("teamID", .integer).references("teams", onDelete: action)
        }
        let lions = try Team(name: "Lions").inserted(db)
        let tigers = try Team(name: "Tigers").inserted(db)
        for (name, team) in [("Blob", lions), ("Blob Jr", lions), ("Blob Sr", tigers)] {
            _ = try Player(name: name, createdAt: demoDate, teamID: team.id).inserted(db)
        }
        _ = try lions.delete(db)  // DELETE FROM "teams" WHERE "id" = 1
        return try allPlayers(db)
    }
}
// [/docs:on-delete]
