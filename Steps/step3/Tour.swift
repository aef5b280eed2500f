import CourseCore
import GRDB
import IssueReporting

extension Step3 {
    /// `step3` with no subcommand: the lesson, narrated, on a fresh database file.
    static func runTour(trace: Bool) throws {
        let say = Narrator()
        say.title("Step 3 · Players and teams, with foreign keys")
        // `reportIssue` speaks through the narration during the tour (see Queries.swift).
        try withIssueReporters([NarratorIssueReporter(narrator: say)]) {
            let path = try Workspace.freshDatabasePath("step3-tour.sqlite") // a fresh start, every time
            let location = DatabaseLocation.file(path)
            let database = try tourFactory(say, location: location, trace: trace)
            let players = try tourQueries(say, database)
            try tourTypo(say, database, players)
            try tourForeignKeys(say, database, location: location, trace: trace)
            try tourOnDelete(say, trace: trace)
            try tourIdentifiable(say, trace: trace)
            say.section("Your turn")
            say.note("the tour's database stays: step3 players --database \(Workspace.display(path))")
            say.note("or fill your own db/step3.sqlite: step3 players --seed, step3 add-team Pumas,")
            say.note("step3 add-player Bobby --team 4, step3 delete-team 4 (refused: why?), step3 check")
        }
    }
}

private func tourFactory(_ say: Narrator, location: DatabaseLocation, trace: Bool) throws -> DatabaseQueue {
    say.section("One factory for the database")
    say.action("appDatabase(location: \(location.display), seed: true)")
    let database = try appDatabase(location: location, trace: trace, seed: true, narrator: say)
    let applied = try database.read { db in try migrator(seed: true).appliedMigrations(db) }
    say.result("open, foreign keys on, \(applied.count) migrations applied, in order:")
    for name in applied { say.note(name) }

    say.action("appDatabase(location: .inMemory), as a preview or a test would")
    let memory = try appDatabase(location: .inMemory, trace: trace, narrator: say)
    let same = try memory.read(schema) == database.read(schema)
    say.result("schema identical to the file's: \(same ? "yes" : "NO")")
    let counts = try memory.read { db in (try Team.fetchCount(db), try Player.fetchCount(db)) }
    say.result("\(counts.0) teams, \(counts.1) players: demo data only comes when asked for")
    return database
}

private func tourQueries(_ say: Narrator, _ database: DatabaseQueue) throws -> [Player] {
    say.section("Queries")
    say.action("Every player: Player.order(Column(\"id\")).fetchAll(db)")
    let players = try database.read(allPlayers)
    let table = playersTable(players)
    say.table(table.headers, table.rows)

    say.action("One team by id: Team.fetchOne(db, id: 2)")
    let tigers = try database.read { db in try findTeam(db, id: 2) }
    say.result(tigers.map { "Team(id: 2, name: \"\($0.name)\")" } ?? "nil")
    say.action(#"The same in SQL: SELECT * FROM "teams" WHERE "id" = ?, arguments: [2]"#)
    let tigersSQL = try database.read { db in try teamWithSQL(db, id: 2) }
    say.result(tigersSQL == tigers ? "the same Team value" : "a different value: \(String(describing: tigersSQL))")
    say.action("A team that does not exist: Team.fetchOne(db, id: 42)")
    let nobody = try database.read { db in try findTeam(db, id: 42) }
    say.result("\(nobody.map(\.name) ?? "nil"): no row is an answer, not an error")

    say.action("Add Blob Esq, on no team (teamID NULL)")
    let esq = try database.write { db in try Player(name: "Blob Esq", createdAt: demoDate).inserted(db) }
    say.result("player #\(esq.id.map(String.init) ?? "?")")
    say.action("Each player's detail, as the player screen shows it")
    for player in players + [esq] {
        let detail = loadDetail(of: player, from: database)
        say.result("\(player.name)\(player.isInjured ? " (injured)" : ""): \(detail.teamName)")
    }
    return players + [esq]
}

private func tourTypo(_ say: Narrator, _ database: DatabaseQueue, _ players: [Player]) throws {
    say.section("A typo in hand-written SQL")
    guard let blob = players.first else { throw CourseError.badData("the demo players are missing", fix: "run the tour again: make step3") }
    let typo = #"SELECT * FROM "team" WHERE "id" = ?"#
    say.action("Load \(blob.name)'s team with \(typo): \"team\", not \"teams\"")
    let detail = loadDetail(of: blob, from: database, sql: typo)
    say.result("the screen shows \"\(detail.teamName)\", and the program goes on")
    say.note("reportIssue: a purple warning in Xcode, a line on standard error here (this tour narrates it),")
    say.note("and a failure in a test: the typo cannot go unnoticed")
}

private func tourForeignKeys(_ say: Narrator, _ database: DatabaseQueue, location: DatabaseLocation, trace: Bool) throws {
    say.section("Foreign keys keep teamID honest")
    let ghost = Player(name: "Ghost", createdAt: demoDate, teamID: 42)
    say.action("Insert Ghost on team 42, which does not exist")
    do {
        _ = try database.write { db in try ghost.inserted(db) }
        say.result("unexpected: the insert worked")
    } catch {
        say.expectedError(ErrorReport("SQLite refused the insert", error: error))
    }
    say.action("Delete team Lions, whose player Blob still points to it")
    do {
        // DELETE FROM "teams" WHERE "id" = 1
        _ = try database.write { db in try Team.deleteOne(db, id: 1) }
        say.result("unexpected: the delete worked")
    } catch {
        say.expectedError(ErrorReport("SQLite refused the delete", error: error))
        say.note("the delete-team subcommand catches this and names the players to move first")
    }
    let counts = try database.read { db in (try Team.fetchCount(db), try Player.fetchCount(db)) }
    say.result("still \(counts.0) teams and \(counts.1) players: a refused statement changes nothing")

    say.section("The same insert with foreign keys off")
    say.action("Open a second connection to the file, with foreignKeys: false")
    let unchecked = try connectionWithoutForeignKeys(to: location, trace: trace, narrator: say)
    say.result("open: nothing enforces players.teamID on this connection")
    say.action("Insert Ghost on team 42 through it")
    let saved = try unchecked.write { db in try ghost.inserted(db) }
    say.result("accepted: player #\(saved.id.map(String.init) ?? "?") has teamID 42, and there is no team 42")
    say.result("its detail shows \"\(loadDetail(of: saved, from: database).teamName)\": the data no longer tells the truth")
    say.action("PRAGMA foreign_key_check")
    let table = violationsTable(try database.read(foreignKeyProblems))
    say.table(table.headers, table.rows)
    say.note("the check reads what is stored, whatever the connection's setting: run it after imports")
    say.action("Delete Ghost, then check again")
    _ = try database.write { db in try saved.delete(db) }
    say.result("\(try database.read(foreignKeyProblems).count) problems")
    say.note("PRAGMA foreign_keys is per connection and OFF by default in SQLite;")
    say.note("GRDB turns it ON for every connection (Configuration.foreignKeysEnabled)")
}

private func tourOnDelete(_ say: Narrator, trace: Bool) throws {
    say.section("ON DELETE: other answers to \"the team is gone\"")
    let choices: [(String, Database.ForeignKeyAction)] = [("ON DELETE SET NULL", .setNull), ("ON DELETE CASCADE", .cascade)]
    for (clause, action) in choices {
        say.action("Scratch database, teamID REFERENCES teams \(clause): delete Lions")
        let left = try deleteLions(onDelete: action, trace: trace, narrator: say)
        say.table(["id", "name", "teamID"], left.map { [$0.id.map(String.init), $0.name, $0.teamID.map(String.init)] })
    }
    say.note("SET NULL keeps Blob and Blob Jr, teamless; CASCADE deletes them with their team")
}

private func tourIdentifiable(_ say: Narrator, trace: Bool) throws {
    say.section("Identifiable with an optional id")
    // [docs:identity]
    let first = Player(name: "Blob 1", createdAt: demoDate)
    let second = Player(name: "Blob 2", createdAt: demoDate)
    // Not saved yet: both ids are nil, so by `id` they are the same player.
    let byID = Dictionary(grouping: [first, second], by: \.id)
    // [/docs:identity]
    say.action("Two new players, not saved yet: group them by id")
    say.result("first.id == second.id: \(first.id == second.id); \(byID.count) group for 2 players")
    say.note("a SwiftUI ForEach over them would show one player twice")
    say.action("Insert both into an in-memory database, then group again")
    let scratch = try appDatabase(location: .inMemory, trace: trace, narrator: say)
    let saved = try scratch.write { db in [try first.inserted(db), try second.inserted(db)] }
    say.result("ids \(saved.map { $0.id.map(String.init) ?? "nil" }.joined(separator: ", ")): \(Dictionary(grouping: saved, by: \.id).count) groups")
}
