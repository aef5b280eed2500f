import Foundation
import GRDB
import Testing

// The records the plugin generated from Schema/Fixtures.sql for this test
// target: compiled, then tried on a real database built from the same SQL.

/// An in-memory database with the fixtures' schema.
func fixtureDatabase() throws -> DatabaseQueue {
    let queue = try DatabaseQueue()
    try queue.write { db in try db.execute(sql: FixturesSchema.sql) }
    return queue
}

/// Teams "Home" and "Away", and a match between them, made with the
/// generated inits (every other column takes its default but `created_at`,
/// whose clock default has no Swift equivalent: the init asks for its text).
func insertMatch(_ db: Database) throws -> (match: Match, home: Team) {
    var home = Team(name: "Home")
    var away = Team(name: "Away")
    try home.insert(db)
    try away.insert(db)
    var match = Match(
        homeTeamID: try #require(home.id), awayTeamID: try #require(away.id), createdAt: "2016-07-04 10:00:00")
    try match.insert(db)
    return (match, home)
}

/// A match with both of its teams, through the two associations to `team`.
struct MatchWithTeams: Decodable, FetchableRecord {
    var match: Match
    var homeTeam: Team
    var awayTeam: Team
}

@Suite struct KeysAndAssociationsTests {
    @Test func anIntegerPrimaryKeyIsTheRowidAndDidInsertSetsIt() throws {
        try fixtureDatabase().write { db in
            var team = Team(name: "Blob FC")
            #expect(team.id == nil)
            try team.insert(db)
            #expect(team.id == db.lastInsertedRowID)
        }
    }

    @Test func twoForeignKeysToOneTableAreTwoAssociations() throws {
        let matches = try fixtureDatabase().write { db in
            let home = try insertMatch(db).home
            // SELECT match.*, home.*, away.* FROM match JOIN team home ON … JOIN team away ON …
            let withTeams =
                try Match
                .including(required: Match.homeTeam)
                .including(required: Match.awayTeam)
                .asRequest(of: MatchWithTeams.self)
                .fetchAll(db)
            let asHome = try home.request(for: Team.matchesAsHomeTeam).fetchCount(db)
            let asAway = try home.request(for: Team.matchesAsAwayTeam).fetchCount(db)
            return (withTeams, asHome, asAway)
        }
        #expect(matches.0.map(\.homeTeam.name) == ["Home"])
        #expect(matches.0.map(\.awayTeam.name) == ["Away"])
        #expect(matches.1 == 1 && matches.2 == 0)
    }

    @Test func aCompositeKeyWithoutRowidIsNotOptional() throws {
        try fixtureDatabase().write { db in
            var team = Team(name: "Keys")
            try team.insert(db)
            let teamID = try #require(team.id)
            let membership = Membership(teamID: teamID, player: "Arthur", since: 2024)
            try membership.insert(db)
            // SELECT * FROM membership WHERE team_id = ? AND player = ?
            let found = try Membership.fetchOne(db, key: ["team_id": teamID, "player": "Arthur"])
            #expect(found == membership)
            #expect(try team.request(for: Team.memberships).fetchAll(db) == [membership])
            // WITHOUT ROWID: the key's columns are NOT NULL, so the properties are not optional.
            #expect(type(of: membership.player) == String.self)
            #expect(type(of: membership.teamID) == Int64.self)
        }
    }

    @Test func aUniqueForeignKeyIsAHasOne() throws {
        try fixtureDatabase().write { db in
            var team = Team(name: "Captained")
            try team.insert(db)
            let captain = Captain(player: "Blob", teamID: try #require(team.id))
            try captain.insert(db)
            #expect(try team.request(for: Team.captain).fetchOne(db) == captain)
            #expect(try captain.request(for: Captain.team).fetchOne(db) == team)
        }
    }

    @Test func aTableNamedRowDoesNotHideGRDBsRow() throws {
        try fixtureDatabase().write { db in
            var record = RowRecord(value: "x")
            try record.insert(db)
            let row: Row? = try Row.fetchOne(db, sql: "SELECT value FROM \"row\"")
            #expect(row?["value"] == "x")
            #expect(RowRecord.databaseTableName == "row")
        }
    }
}

@Suite struct DefaultsTests {
    /// The Swift defaults equal SQLite's: a `Note()` and a row inserted with
    /// `DEFAULT VALUES` read back the same (`DEFAULT ''` is "", not "''").
    @Test func literalDefaultsAreTheValuesSQLiteWouldStore() throws {
        let note = Note()
        #expect(note.default == "")
        #expect(note.class == "it's")
        #expect(note.count == 0 && note.ratio == -1.5 && note.flag == true)
        let (fromSQLite, fromSwift) = try fixtureDatabase().write { db in
            try db.execute(sql: "INSERT INTO note DEFAULT VALUES")
            try note.insert(db)
            let rows = try Note.fetchAll(db)
            return (rows[0], rows[1])
        }
        #expect(fromSQLite == fromSwift)
    }

    @Test func aGeneratedColumnIsLeftOutOfInsertsAndReadBack() throws {
        let read = try fixtureDatabase().write { db in
            try Note(count: 21).insert(db)  // INSERT INTO note ("default", "class", count, …) — no doubled
            return try Note.fetchOne(db)
        }
        #expect(read?.doubled == 42)
    }

    /// DATE and DATETIME columns are `String`: the text is written and read
    /// as it is, in whatever format the schema's data uses.
    @Test func datesAreTextsWrittenAndReadAsTheyAre() throws {
        let (saved, read, stored) = try fixtureDatabase().write { db in
            var (match, _) = try insertMatch(db)
            match.playedOn = "2016-07-04"
            try match.update(db)
            let stored = try String.fetchOne(db, sql: "SELECT quote(played_on) || ' ' || quote(created_at) FROM match")
            return (match, try Match.fetchOne(db, id: try #require(match.id)), stored)
        }
        #expect(stored == "'2016-07-04' '2016-07-04 10:00:00'")
        #expect(read == saved)
    }
}
