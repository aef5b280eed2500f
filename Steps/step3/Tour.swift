import CourseCore
import GRDB
import IssueReporting

// MARK: - The tour

extension Step3 {
    /// `step3` with no subcommand: the lesson, narrated, on a fresh database file.
    /// What it says about the data is read from the database at that moment.
    static func runTour(trace: Bool) throws {
        let say = Narrator()
        say.title("Step 3 · Players and teams, with foreign keys")
        // `reportIssue` speaks through the narration during the tour (see Queries.swift).
        try withIssueReporters([NarratorIssueReporter(narrator: say)]) {
            let path = try Workspace.freshDatabasePath("step3-tour.sqlite")  // a fresh start, every time
            let location = DatabaseLocation.file(path)
            let database = try oneFactory(say, location: location, trace: trace)
            let players = try queries(say, database)
            try typoInSQL(say, database, players)
            try foreignKeysRefuse(say, database)
            let unchecked = try AppDatabase.open(location, trace: trace, foreignKeys: false, narrator: say)
            try foreignKeysOff(say, checked: database, unchecked: unchecked)
            try onDelete(say, trace: trace)
            try identifiable(say, trace: trace)
            yourTurn(say, path: path)
        }
    }
}

// MARK: - Sections

func oneFactory(_ say: Narrator, location: DatabaseLocation, trace: Bool) throws -> AppDatabase {
    say.section("One factory for the database")
    say.action("AppDatabase.open(\(location.display), demoData: true)")
    let database = try AppDatabase.open(location, trace: trace, demoData: true, narrator: say)
    let applied = try database.reader.read { db in try AppDatabase.migrator(demoData: true).appliedMigrations(db) }
    let enforced = try foreignKeysEnforced(database)
    say.result("open, foreign keys \(enforced ? "on" : "OFF"), \(applied.count) migrations applied, in order:")
    for name in applied { say.note(name) }

    say.action("AppDatabase.open(.inMemory), as a preview or a test would")
    let memory = try AppDatabase.open(.inMemory, trace: trace, narrator: say)
    let same = try memory.reader.read(schema) == database.reader.read(schema)
    say.result("schema identical to the file's: \(same ? "yes" : "NO")")
    let counts = try memory.reader.read { db in (try Team.fetchCount(db), try Player.fetchCount(db)) }
    let empty = counts == (0, 0)
    say.result(
        "\(counts.0) teams, \(counts.1) players: demo data "
            + (empty ? "only comes when asked for" : "came without being asked"))
    return database
}

func queries(_ say: Narrator, _ database: AppDatabase) throws -> [Player] {
    say.section("Queries")
    say.action("Every player: Player.order(Player.Columns.id).fetchAll(db)")
    let players = try database.reader.read(allPlayers)
    let table = playersTable(players)
    say.table(table.headers, table.rows)

    say.action("One team by id: Team.fetchOne(db, id: 2)")
    let tigers = try database.reader.read { db in try findTeam(db, id: 2) }
    say.result(tigers.map { "Team(id: 2, name: \"\($0.name)\")" } ?? "nil")
    say.action(#"The same in SQL: SELECT * FROM "teams" WHERE "id" = ?, arguments: [2]"#)
    let tigersSQL = try database.reader.read { db in try teamWithSQL(db, id: 2) }
    say.result(tigersSQL == tigers ? "the same Team value" : "a different value: \(String(describing: tigersSQL))")
    say.action("A team that does not exist: Team.fetchOne(db, id: 42)")
    let nobody = try database.reader.read { db in try findTeam(db, id: 42) }
    say.result("\(nobody.map(\.name) ?? "nil"): no row is an answer, not an error")

    say.action("addPlayer: Blob Esq, on no team (teamID NULL)")
    let esq = try database.addPlayer(Player(name: "Blob Esq", createdAt: demoDate)).player
    say.result("player #\(esq.id.map(String.init) ?? "?")")
    say.action("Each player's detail, as the player screen shows it")
    for player in players + [esq] {
        let detail = loadDetail(of: player, from: database)
        say.result("\(player.name)\(player.isInjured ? " (injured)" : ""): \(detail.teamName)")
    }
    return players + [esq]
}

func typoInSQL(_ say: Narrator, _ database: AppDatabase, _ players: [Player]) throws {
    say.section("A typo in hand-written SQL")
    guard let blob = players.first else {
        throw CourseError.badData("the demo players are missing", fix: "run the tour again: make step3")
    }
    let typo = #"SELECT * FROM "team" WHERE "id" = ?"#
    say.action("Load \(blob.name)'s team with \(typo): \"team\", not \"teams\"")
    let detail = loadDetail(of: blob, from: database, sql: typo)
    say.result("the screen shows \"\(detail.teamName)\", and the program goes on")
    say.note("reportIssue: a purple warning in Xcode, a line on standard error here (this tour narrates it),")
    say.note("and a failure in a test: the typo cannot go unnoticed")
}

/// Two statements that break the foreign key's promise. On `database`, whose
/// connection enforces foreign keys (a test passes one that does not).
func foreignKeysRefuse(_ say: Narrator, _ database: AppDatabase) throws {
    say.section("Foreign keys keep teamID honest")
    let before = try teamAndPlayerCounts(database)
    say.action("addPlayer: Ghost on team 42, which does not exist")
    do {
        _ = try database.addPlayer(Player(name: "Ghost", createdAt: demoDate, teamID: 42))
        say.result("unexpected: the insert worked")
    } catch {
        say.expectedError(report("SQLite refused the insert", error))
    }
    say.action("deleteTeam: Lions, whose player Blob still points to it")
    do {
        _ = try database.deleteTeam(id: 1)
        say.result("unexpected: the delete worked")
    } catch {
        say.expectedError(report("SQLite refused the delete", error))
    }
    let after = try teamAndPlayerCounts(database)
    say.result(
        after == before
            ? "still \(after.teams) teams and \(after.players) players: a refused statement changes nothing"
            : "\(after.teams) teams and \(after.players) players, \(before.teams) and \(before.players) before: "
                + "a statement that was not refused changed the data")
}

func foreignKeysOff(_ say: Narrator, checked database: AppDatabase, unchecked: AppDatabase) throws {
    say.section("The same insert with foreign keys off")
    say.action("Open a second connection to the file: AppDatabase.open(…, foreignKeys: false)")
    let enforced = try foreignKeysEnforced(unchecked)
    say.result(
        "PRAGMA foreign_keys = \(enforced ? 1 : 0): "
            + (enforced ? "still enforced" : "nothing enforces players.teamID here"))
    say.action("addPlayer: Ghost on team 42, through it")
    let saved = try unchecked.addPlayer(Player(name: "Ghost", createdAt: demoDate, teamID: 42)).player
    // Read back through the checked connection: what is stored, and whether team 42 exists.
    let (stored, team42) = try database.reader.read { db in
        (try Player.fetchOne(db, id: saved.id ?? 0), try findTeam(db, id: 42))
    }
    let teamID = stored?.teamID.map(String.init) ?? "NULL"
    let id = saved.id.map(String.init) ?? "?"
    say.result(
        "accepted: player #\(id) is stored with teamID \(teamID); team 42 \(team42 == nil ? "does not exist" : "exists")"
    )
    let shown = loadDetail(of: saved, from: database).teamName
    say.result("its detail shows \"\(shown)\"" + (team42 == nil ? ": the data no longer tells the truth" : ""))
    say.action("PRAGMA foreign_key_check")
    let table = violationsTable(try database.reader.read(foreignKeyProblems))
    say.table(table.headers, table.rows)
    say.note("the check reads what is stored, whatever the connection's setting: run it after imports")
    say.action("deletePlayer: Ghost, then check again")
    try database.deletePlayer(id: saved.id ?? 0)
    say.result("\(try database.reader.read(foreignKeyProblems).count) problems")
    say.note("PRAGMA foreign_keys is per connection and OFF by default in SQLite;")
    say.note("GRDB turns it ON for every connection (Configuration.foreignKeysEnabled)")
}

func onDelete(_ say: Narrator, trace: Bool) throws {
    say.section("ON DELETE: other answers to \"the team is gone\"")
    let choices: [(String, Database.ForeignKeyAction)] = [
        ("ON DELETE SET NULL", .setNull), ("ON DELETE CASCADE", .cascade),
    ]
    for (clause, action) in choices {
        say.action("Scratch database, teamID REFERENCES teams \(clause): delete Lions")
        let left = try deleteLions(onDelete: action, trace: trace, narrator: say)
        say.table(
            ["id", "name", "teamID"], left.map { [$0.id.map(String.init), $0.name, $0.teamID.map(String.init)] })
        let lionsPlayers = left.filter { ["Blob", "Blob Jr"].contains($0.name) }
        say.result(
            lionsPlayers.isEmpty
                ? "Blob and Blob Jr are gone with their team"
                : "kept: "
                    + lionsPlayers.map { "\($0.name) (teamID \($0.teamID.map(String.init) ?? "NULL"))" }
                    .joined(separator: ", "))
    }
}

func identifiable(_ say: Narrator, trace: Bool) throws {
    say.section("Identifiable with an optional id")
    // [docs:identity]
    let first = Player(name: "Blob 1", createdAt: demoDate)
    let second = Player(name: "Blob 2", createdAt: demoDate)
    // Not saved yet: both ids are nil, so by `id` they are the same player.
    let byID = Dictionary(grouping: [first, second], by: \.id)
    // [/docs:identity]
    say.action("Two new players, not saved yet: group them by id")
    say.result("first.id == second.id: \(first.id == second.id); \(groups(byID.count)) for 2 players")
    say.note("a SwiftUI ForEach over them would show one player twice")
    say.action("Insert both into an in-memory database, then group again")
    let scratch = try AppDatabase.open(.inMemory, trace: trace, narrator: say)
    let saved = try [first, second].map { try scratch.addPlayer($0).player }
    let ids = saved.map { $0.id.map(String.init) ?? "nil" }.joined(separator: ", ")
    say.result("ids \(ids): \(groups(Dictionary(grouping: saved, by: \.id).count))")
}

func yourTurn(_ say: Narrator, path: String) {
    say.section("Your turn")
    say.note("the tour's database stays: make step3 ARGS=\"players --database \(Workspace.display(path))\"")
    say.note("or fill your own db/step3.sqlite, one command at a time:")
    for arguments in ["players --seed", "add-team Pumas", "add-player Bobby --team 4", "delete-team 4", "check"] {
        say.note("  make step3 ARGS=\"\(arguments)\"")
    }
    say.note("delete-team 4 is refused: why?")
}

// MARK: - Helpers

/// Teams and players, counted now.
func teamAndPlayerCounts(_ database: AppDatabase) throws -> (teams: Int, players: Int) {
    try database.reader.read { db in (try Team.fetchCount(db), try Player.fetchCount(db)) }
}

/// Whether this connection enforces foreign keys, asked of SQLite.
func foreignKeysEnforced(_ database: AppDatabase) throws -> Bool {
    try database.reader.read { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") } ?? false
}

/// "1 group", "2 groups".
private func groups(_ count: Int) -> String { count == 1 ? "1 group" : "\(count) groups" }

/// An error as the tour shows it: a `CourseError` already says what failed, in the app's words.
func report(_ what: String, _ error: any Error) -> ErrorReport {
    (error as? CourseError)?.report ?? ErrorReport(what, error: error)
}
