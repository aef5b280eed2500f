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
        (["sync", "none.json"], "no file at none.json: expected a JSON file of bodies"),
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

    /// `timeline` prints its table: a row per period, each period's discoveries counted here again with a
    /// plain GROUP BY on the same file, and the last running total the number of bodies with a year.
    @Test func theTimelineCommandPrintsEveryPeriodWithItsCounts() throws {
        let directory = try TemporaryDirectory.current
        #expect(try StepProcess.run("step11", ["sync", "v1"], in: directory).status == 0)
        let result = try StepProcess.run("step11", ["timeline", "--years", "100"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let queue = try DatabaseQueue(path: directory.file("db/step11.sqlite"))
        let counts = try queue.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT discovery_year / 100 * 100 AS period, count(*) AS n FROM body
                    WHERE discovery_year IS NOT NULL GROUP BY period ORDER BY period
                    """)
        }
        #expect(counts.count > 2)
        let lines = result.stdout.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("from  discovered  running total"), "\(result.stdout)")
        var total = 0
        for row in counts {
            let (period, count): (Int, Int) = (row["period"], row["n"])
            total += count
            let cells = ["\(period)", "\(count)", "\(total)"]
            #expect(
                lines.contains { $0.split(separator: " ").map(String.init) == cells },
                "no row \(cells) in:\n\(result.stdout)")
        }
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

    /// A step 7, 8 or 10 file (each holds step 7's bodies cache) is upgraded in
    /// place: step 11 adds its documents table and its migration, and leaves
    /// every table and migration it found as it was (a catalog, full-text indexes).
    @Test(arguments: [
        (7, ["v1 BodiesDB-001.sql"]),
        (8, ["v1 catalog.sql", "v1 BodiesDB-001.sql"]),
        (10, ["v1 catalog.sql", "v1 BodiesDB-001.sql", "v10 full-text search"]),
    ])
    func aFileWithStep7sBodiesIsUpgradedInPlace(maker: Int, migrations: [String]) throws {
        let directory = try TemporaryDirectory.current
        let path = directory.file("bodies.sqlite")
        let made = try StepProcess.run("step\(maker)", ["sync", "--database", "bodies.sqlite"], in: directory)
        #expect(made.status == 0, "\(made.stderr)")
        let before = try DatabaseQueue(path: path).read { db in try tableContents(db) }

        let sync = try StepProcess.run("step11", ["sync", "v2", "--database", "bodies.sqlite"], in: directory)
        #expect(sync.stdout.contains("inserted 42, updated 0, deleted 0, unchanged 0"), "\(sync.stderr)")
        let orbit = try StepProcess.run("step11", ["orbit", "phobos", "--database", "bodies.sqlite"], in: directory)
        #expect(orbit.stdout.contains("Goes round: Mars → Sun"), "\(orbit.stderr)")

        let (after, recorded) = try DatabaseQueue(path: path).read { db in
            (
                try tableContents(db),
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
            )
        }
        #expect(recorded == migrations + ["v11 body documents"])
        // Every table that was there holds what it held (grdb_migrations aside: one more row).
        for (table, rows) in before where table != "grdb_migrations" {
            #expect(after[table] == rows, "step 11 changed \(table) of a step \(maker) file")
        }
        #expect(Set(after.keys).subtracting(before.keys) == ["body"])
    }
}

/// Every table of the file (SQLite's own aside), each as its rows in text, sorted
/// (a SELECT without ORDER BY has no order; some of FTS5's tables have no rowid).
private func tableContents(_ db: Database) throws -> [String: [String]] {
    let tables = try String.fetchAll(
        db, sql: "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
    var contents: [String: [String]] = [:]
    for table in tables {
        contents[table] = try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier)").map(
            \.description
        ).sorted()
    }
    return contents
}

extension EndToEndTests {
    /// bodies-v1.json, as step 11's `sync v1` reads it.
    static func bodiesV1() throws -> (text: String, bodies: [[String: Any]]) {
        let data = try Data(contentsOf: workspaceRoot.appendingPathComponent("Steps/step7/Resources/bodies-v1.json"))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return (String(decoding: data, as: UTF8.self), object?["bodies"] as? [[String: Any]] ?? [])
    }

    /// `json --field discoveredBy`: an empty string comes back from `->>` as the
    /// empty text, shown `''`, not as a blank cell nor as NULL, and counted apart.
    @Test func anEmptyFieldIsShownAsEmptyTextNotNull() throws {
        let directory = try TemporaryDirectory.current
        #expect(try StepProcess.run("step11", ["sync", "v1"], in: directory).status == 0)
        let result = try StepProcess.run("step11", ["json", "--field", "discoveredBy"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let bodies = try Self.bodiesV1().bodies
        let empty = bodies.filter { $0["discoveredBy"] as? String == "" }.count
        #expect(empty > 0, "bodies-v1.json has empty discoverers")
        let lines = result.stdout.components(separatedBy: "\n")
        #expect(lines.filter { $0.hasSuffix("  ''") }.count == empty, "\(result.stdout)")
        #expect(!lines.contains { $0.hasPrefix("   ") && $0.hasSuffix("  NULL") }, "\(result.stdout)")
        #expect(lines.contains("0 of \(bodies.count) documents have no discoveredBy (or null): ->> gives NULL"))
        #expect(
            lines.contains(
                "\(empty) of \(bodies.count) have an empty string, shown as '': ->> gives '' (text), not NULL"))
    }

    /// `--trace sync v1`: the whole document bound to the checks, the upsert and
    /// the delete is printed as its first characters and its length, so every
    /// statement is one short line and the upsert and the delete can be read.
    @Test func theTraceOfASyncShortensTheDocument() throws {
        let directory = try TemporaryDirectory.current
        let result = try StepProcess.run("step11", ["--trace", "sync", "v1"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let traced = result.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("   SQL> ") }
        let length = try Self.bodiesV1().text.count
        let digits = String(length)  // 14213 → "14,213"
        let grouped = digits.enumerated().map { ($0 > 0 && (digits.count - $0) % 3 == 0 ? "," : "") + String($1) }
        let shortened = "(\(grouped.joined()) characters)"
        let withDocument = traced.filter { $0.contains(shortened) }
        #expect(withDocument.count >= 3, "the checks, the upsert and the delete bind the document:\n\(traced)")
        #expect(withDocument.contains { $0.contains("INSERT INTO body (id, document)") && $0.contains("RETURNING") })
        #expect(withDocument.contains { $0.contains("DELETE FROM body WHERE id NOT IN") })
        // The whole trace, every statement of the sync, is shorter than one copy of the document.
        #expect(traced.joined().count < length, "\(traced.joined().count) characters traced")
    }
}
