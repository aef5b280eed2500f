import CourseCore
import CourseTestSupport
import Foundation
import GRDB
import Testing

@testable import step11

/// Each lesson of step 11 on a real database (in memory): what the chapter
/// says each query does, checked row by row.
@Suite struct LessonTests {
    /// A migrated database holding step 7's bodies-v1.json.
    func database(_ source: String = "v1") throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try AppDatabase.migrator.migrate(queue)
        try queue.write { db in _ = try syncDocuments(db, json: try bodiesJSON(source).json) }
        return queue
    }

    // MARK: - UPSERT … RETURNING

    @Test func aSyncReportsExactlyWhatChangedAndWritesNothingElse() throws {
        let queue = try database()
        let v2 = try bodiesJSON("v2").json
        let report = try queue.write { db in try syncDocuments(db, json: v2) }
        #expect(report.inserted == ["haumea", "nereide", "hygie", "dysnomie"])
        #expect(report.updated == ["terre", "makemake", "ariel"])
        #expect(report.deleted == ["amalthee", "himalia"])
        #expect(report.unchanged == 35)
        // Again: every row is unchanged, and none is written (the WHERE of DO UPDATE).
        let (again, written) = try queue.write { db in
            let before = db.totalChangesCount
            return (try syncDocuments(db, json: v2), db.totalChangesCount - before)
        }
        #expect(again == SyncReport(unchanged: 42))
        #expect(written == 0)
        let revisions = try queue.read { db in
            try Int.fetchAll(db, sql: "SELECT revision FROM body WHERE id IN ('terre', 'mars') ORDER BY id")
        }
        #expect(revisions == [1, 2])  // mars, terre
    }

    @Test(arguments: [
        (#"{"bodies": [{"id": "soleil", "bodyType": "Star"}]}"#, "NOT NULL constraint failed: body.english_name"),
        (#"{"bodies": [{"englishName": "Sun", "bodyType": "Star"}]}"#, "NOT NULL constraint failed: body.id"),
        (#"{"bodies": [{"id": "soleil","#, "malformed JSON"),
        (#"{"planets": []}"#, "the source has no \"bodies\" array"),
        (#"{"bodies": []}"#, "the source lists no bodies"),
        (
            #"{"bodies": [{"id": "a", "englishName": "A", "bodyType": "Moon"}, {"id": "a", "englishName": "B", "bodyType": "Moon"}]}"#,
            "more than once: a"
        ),
    ])
    func aBadSourceIsRefusedAndChangesNothing(json: String, words: String) throws {
        let queue = try database()
        let before = try queue.read { db in try Row.fetchAll(db, sql: "SELECT id, document, revision FROM body") }
        let error = #expect(throws: (any Error).self) { try queue.write { db in try syncDocuments(db, json: json) } }
        #expect(
            error.map { ErrorReport("sync", error: $0).message.contains(words) } == true, "\(String(describing: error))"
        )
        let after = try queue.read { db in try Row.fetchAll(db, sql: "SELECT id, document, revision FROM body") }
        #expect(after == before)
    }

    @Test func grdbsUpsertWritesAnUnchangedRowAgain() throws {
        let queue = try database()
        let earth = try queue.read { db in try BodyDocument.fetchOne(db, key: "terre") }
        let upserted = try queue.write { db in try upsertWithGRDB(db, #require(earth)) }
        #expect(upserted.document == earth?.document)
        #expect(upserted.revision == 2)
    }

    // MARK: - JSON and the generated column

    @Test func aMissingFieldIsNullAndNotJSONIsRefused() throws {
        let queue = try database()
        let density = try queue.read { db in try fieldValues(db, field: "density") }
        #expect(density.first { $0.id == "himalia" }?.value == nil)
        #expect(density.first { $0.id == "terre" }?.value == "5.5136")
        let planet = try queue.read { db in try fieldValues(db, field: "aroundPlanet.planet") }
        #expect(planet.first { $0.id == "phobos" }?.value == "mars")
        let error = #expect(throws: DatabaseError.self) {
            try queue.write { db in try db.execute(sql: "INSERT INTO body (id, document) VALUES ('x', '{')") }
        }
        #expect(error?.message == "malformed JSON")
        #expect(throws: (any Error).self) { try checkField("a b") }
        #expect(throws: (any Error).self) { try checkField("a..b") }
    }

    @Test func onlyTheIndexedGeneratedColumnIsASearch() throws {
        let queue = try database()
        let plans = try queue.read { db in
            try MoonLookup.allCases.map { try queryPlan(db, $0.sql, arguments: ["Moon"]).joined(separator: "; ") }
        }
        #expect(plans == ["SCAN body", "SCAN body", "SEARCH body USING INDEX body_type_index (body_type=?)"])
    }

    // MARK: - Window functions

    @Test func theWindowRanksAsTheSwiftLoopDoesTiesIncluded() throws {
        let queue = try database()
        // Two moons of the same radius as Io: they tie, and the next rank is skipped.
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO body (id, document) VALUES
                      ('io2', '{"englishName": "Io Two", "bodyType": "Moon", "meanRadius": 1821.6}'),
                      ('nul', '{"englishName": "Nul", "bodyType": "Moon"}')
                    """)
        }
        let (window, swift) = try queue.read { db in
            (try rankBodies(db, type: nil), try rankBodiesInSwift(db, type: nil))
        }
        #expect(window == swift)
        let moons = window.filter { $0.bodyType == "Moon" }.prefix(6).map { "\($0.rank) \($0.englishName)" }
        #expect(moons == ["1 Ganymede", "2 Titan", "3 Callisto", "4 Io", "4 Io Two", "6 Moon"])
        #expect(window.last { $0.bodyType == "Moon" }?.englishName == "Nul")  // NULL radius: last
        let planets = try queue.read { db in try rankBodies(db, type: "PLANET") }
        #expect(planets.map(\.englishName).prefix(2) == ["Jupiter", "Saturn"])
    }

    @Test func theTimelineKeepsEmptyPeriodsAndRunsATotal() throws {
        let queue = try database()
        let rows = try queue.read { db in try discoveryTimeline(db, years: 50) }
        #expect(rows.map(\.period) == Array(stride(from: 1600, through: 2000, by: 50)))
        #expect(rows.first { $0.period == 1700 }?.discovered == 0)
        let dated = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(discovery_year) FROM body") }
        #expect(rows.last?.runningTotal == dated)
        let gaps = try queue.read { db in try discoveryGaps(db) }
        #expect(gaps.first?.yearsSincePrevious == nil)
        #expect(gaps.first { $0.englishName == "Uranus" }?.yearsSincePrevious == 97)
    }

    // MARK: - Recursive CTEs

    @Test func anOrbitChainGoesUpToTheSunAndStopsAtACycle() throws {
        let queue = try database()
        let phobos = try queue.read { db in try orbitChain(db, of: "phobos") }
        #expect(phobos.map(\.id) == ["phobos", "mars", "soleil"])
        #expect(try describe(phobos) == "Mars → Sun")
        #expect(try queue.read { db in try orbitChainWithGRDB(db, of: "phobos") } == ["phobos", "mars", "soleil"])
        #expect(
            try describe(try queue.read { db in try orbitChain(db, of: "soleil") }) == "nothing (Sun is the centre)")
        let jupiter = try queue.read { db in try satellites(db, of: "jupiter") }
        #expect(jupiter == ["Amalthea", "Callisto", "Europa", "Ganymede", "Himalia", "Io"])
        try queue.write { db in
            try db.execute(
                sql: """
                    UPDATE body SET document = json_set(document, '$.aroundPlanet', json_object('planet', 'phobos'))
                    WHERE id = 'mars'
                    """)
        }
        let cycle = try queue.read { db in try orbitChain(db, of: "phobos") }
        #expect(cycle.map(\.id) == ["phobos", "mars", "phobos"])
        #expect(cycle.last?.isCycle == true)
        #expect(throws: CourseError.self) { try describe(cycle) }
        let below = try queue.read { db in try satellites(db, of: "mars") }
        // Phobos now leads back to Mars: UNION drops that row, the next round is empty, the query ends.
        #expect(below == ["Deimos", "Phobos"])
    }

    @Test func theWalkDownSearchesTheOrbitsIndex() throws {
        let queue = try database()
        let plan = try queue.read { db in try queryPlan(db, satellitesSQL, arguments: ["jupiter"]) }
        #expect(plan.contains("SEARCH body USING INDEX body_orbits_index (orbits=?)"), "\(plan)")
    }

    // MARK: - STRICT

    @Test func strictRefusesAWrongTypeTheOrdinaryTableStores() throws {
        let queue = try database()
        let error = #expect(throws: DatabaseError.self) {
            try queue.write { db in try db.execute(sql: "UPDATE body SET revision = 'two' WHERE id = 'terre'") }
        }
        #expect(error?.extendedResultCode == .SQLITE_CONSTRAINT_DATATYPE)
        let stored = try queue.write { db in
            try db.execute(
                sql:
                    "INSERT INTO solar_body (id, name, english_name, body_type, density) VALUES ('x', 'X', 'X', 'Moon', 'dense')"
            )
            return try String.fetchOne(db, sql: "SELECT typeof(density) FROM solar_body WHERE id = 'x'")
        }
        #expect(stored == "text")
    }
}
