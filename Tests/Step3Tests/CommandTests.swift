import CourseCore
import CourseTestSupport
import Foundation
import GRDB
import Testing

@testable import step3

/// The built `step3` executable, run as a learner runs it.
@Suite(.temporaryDirectory) struct CommandTests {
    @Test func tourMatchesTheGoldenFile() throws {
        try Golden.checkTour("step3")
    }

    @Test func subcommandsWorkOnADatabaseFile() throws {
        let directory = try TemporaryDirectory.current
        func run(_ arguments: String...) throws -> ProcessResult {
            let result = try StepProcess.run("step3", arguments + ["--database", "league.sqlite"], in: directory)
            #expect(result.status == 0, "step3 \(arguments): \(result.stderr)")
            return result
        }

        // An empty file is set up (a missing one would be refused: `teams` only reads).
        #expect(FileManager.default.createFile(atPath: directory.file("league.sqlite"), contents: nil))
        #expect(try run("teams").stdout.contains("(no rows)"))
        #expect(try run("players", "--seed").stdout.contains("3   Blob Sr  2024-11-18T09:00:00Z  1          3"))
        #expect(try run("add-team", "Pumas").stdout == "Added team #4: Pumas\n")
        #expect(
            try run("add-player", "Blob IV", "--team", "4", "--injured").stdout == "Added player #4: Blob IV (Pumas)\n")
        #expect(
            try run("player", "4").stdout == """
                Player #4: Blob IV
                Created: \(try #require(try playerCreatedAt(directory, id: 4)))
                Injured: yes
                Team:    Pumas

                """)
        #expect(try run("move-player", "4", "--team", "1").stdout == "Player #4 Blob IV: Lions\n")
        #expect(try run("delete-team", "4").stdout == "Deleted team #4: Pumas\n")
        #expect(try run("move-player", "4", "--no-team").stdout == "Player #4 Blob IV: No team\n")
        #expect(try run("check").stdout == "No foreign key problems.\n")

        // What the subcommands did, read back with GRDB.
        let database = try DatabaseQueue(path: directory.file("league.sqlite"))
        let rows = try database.read { db in
            try Row.fetchAll(db, sql: "SELECT name, isInjured, teamID FROM players ORDER BY id").map(\.description)
        }
        #expect(
            rows == [
                #"[name:"Blob" isInjured:0 teamID:1]"#,
                #"[name:"Blob Jr" isInjured:0 teamID:2]"#,
                #"[name:"Blob Sr" isInjured:1 teamID:3]"#,
                #"[name:"Blob IV" isInjured:1 teamID:NULL]"#,
            ])
        #expect(
            try database.read { db in try String.fetchAll(db, sql: "SELECT name FROM teams ORDER BY id") } == [
                "Lions", "Tigers", "Bears",
            ])
    }

    /// The createdAt the player got, as `player ID` prints it.
    func playerCreatedAt(_ directory: TemporaryDirectory, id: Int64) throws -> String? {
        try DatabaseQueue(path: directory.file("league.sqlite")).read { db in
            try Player.fetchOne(db, id: id)?.createdAt.formatted(.iso8601)
        }
    }

    @Test func deleteTeamRefusalShowsSQLitesCodes() throws {
        let directory = try TemporaryDirectory.current
        let path = directory.file("league.sqlite")
        _ = try AppDatabase.open(.file(path), demoData: true)
        let result = try StepProcess.run("step3", ["delete-team", "1", "--database", path], in: directory)
        #expect(result.stderr.contains("result code: 19 SQLITE_CONSTRAINT (extended 787 SQLITE_CONSTRAINT_FOREIGNKEY)"))
    }

    @Test func aFileThatIsNotADatabaseIsLeftAlone() throws {
        let directory = try TemporaryDirectory.current
        let path = directory.file("notes.sqlite")
        let notes = Data("these are notes, not a database".utf8)
        try notes.write(to: URL(fileURLWithPath: path))

        let result = try StepProcess.run("step3", ["add-team", "Pumas", "--database", path], in: directory)
        #expect(result.status == 1)
        #expect(result.stderr.contains("SQLITE_NOTADB"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == notes)
    }

    @Test func checkFindsADanglingTeamID() throws {
        let directory = try TemporaryDirectory.current
        let path = directory.file("league.sqlite")
        _ = try AppDatabase.open(.file(path), demoData: true)
        let unchecked = try AppDatabase.open(.file(path), foreignKeys: false)
        _ = try unchecked.movePlayer(id: 2, toTeam: 42)

        let result = try StepProcess.run("step3", ["check", "--database", path], in: directory)
        #expect(result.status == 1)
        #expect(result.stdout.contains("players  2      teams   0"))
        #expect(result.stderr.contains("1 row(s) point to a row that does not exist"))
    }
}
