import CourseCore
import CourseTestSupport
import Foundation
import GRDB
import Testing

/// The built `step11` executable, run as a learner runs it.
@Suite(.temporaryDirectory) struct EndToEndTests {
    @Test func theTourMatchesItsGoldenOutput() throws {
        try Golden.checkTour("step11")
    }
}

extension EndToEndTests {
    @Test(arguments: [
        (["orbit", "Vulcan"], "no body named \"Vulcan\" in the documents"),
        (["rank", "--type", "comet"], "no body of type \"comet\""),
        (["json", "--field", "mean radius"], "\"mean radius\" is not a field name"),
        (["sync", "broken.json"], "malformed JSON"),
        (["sync", "nameless.json"], "NOT NULL constraint failed: body.english_name"),
    ])
    func badInputIsRefusedAndTheFileIsUnchanged(arguments: [String], words: String) throws {
        let directory = try TemporaryDirectory.current
        try #"{"bodies": [{"id": "soleil","#.write(
            toFile: directory.file("broken.json"), atomically: true, encoding: .utf8)
        try #"{"bodies": [{"id": "soleil", "bodyType": "Star"}]}"#.write(
            toFile: directory.file("nameless.json"), atomically: true, encoding: .utf8)
        #expect(try StepProcess.run("step11", ["sync", "v1"], in: directory).status == 0)
        let path = directory.file("db/step11.sqlite")
        let before = try databaseSnapshot(path)
        let result = try StepProcess.run("step11", arguments, in: directory)
        #expect(result.status != 0)
        #expect(result.stderr.contains(words), "\(result.stderr)")
        #expect(try databaseSnapshot(path) == before)
    }

    @Test func aCycleInTheDocumentsStopsWithAMessage() throws {
        let directory = try TemporaryDirectory.current
        let cycle = """
            {"bodies": [
              {"id": "a", "englishName": "A", "bodyType": "Moon", "aroundPlanet": {"planet": "b"}},
              {"id": "b", "englishName": "B", "bodyType": "Moon", "aroundPlanet": {"planet": "a"}}]}
            """
        try cycle.write(toFile: directory.file("cycle.json"), atomically: true, encoding: .utf8)
        #expect(try StepProcess.run("step11", ["sync", "cycle.json"], in: directory).status == 0)
        let result = try StepProcess.run("step11", ["orbit", "A"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderr.contains("the orbits form a cycle: A → B → A"), "\(result.stderr)")
    }

    @Test func aStep7FileIsUpgradedInPlace() throws {
        let directory = try TemporaryDirectory.current
        #expect(try StepProcess.run("step7", ["sync", "--database", "bodies.sqlite"], in: directory).status == 0)
        let sync = try StepProcess.run("step11", ["sync", "v2", "--database", "bodies.sqlite"], in: directory)
        #expect(sync.stdout.contains("inserted 42, updated 0, deleted 0, unchanged 0"), "\(sync.stderr)")
        let orbit = try StepProcess.run("step11", ["orbit", "phobos", "--database", "bodies.sqlite"], in: directory)
        #expect(orbit.stdout.contains("Goes round: Mars → Sun"), "\(orbit.stderr)")
        let migrations = try DatabaseQueue(path: directory.file("bodies.sqlite")).read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
        }
        #expect(migrations == ["v1 BodiesDB-001.sql", "v11 body documents"])
    }
}
