import GRDB

// Exercise s3-on-delete · write the code · chapter 3, "ON DELETE: what should happen to Blob when the Lions go?"
//
// A player makes sense without a team (between two clubs), so deleting a team
// must keep its players, teamless. Complete the "players" migration: a
// `teamID` column that is a foreign key to teams, with the ON DELETE rule the
// chapter argues for in that case. A teamID naming no team must be refused.

func registerMigrations(_ migrator: inout DatabaseMigrator) {
    migrator.registerMigration("teams") { db in
        try db.create(table: "teams") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("name", .text).notNull()
        }
    }
    migrator.registerMigration("players") { db in
        // CREATE TABLE "players" (… "teamID" INTEGER REFERENCES "teams"("id"))
        try db.create(table: "players") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("name", .text).notNull()
            table.column("teamID", .integer).references("teams")
        }
    }
}
