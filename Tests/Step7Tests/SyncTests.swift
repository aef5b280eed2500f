import CourseCore
import CourseTestSupport
import Foundation
import GRDB
import Testing

@testable import step7

/// The cache and its sync, in process, on real database files.
@Suite(.temporaryDirectory) struct SyncTests {
    @Test func theSchemaIsTheSQLFileAppliedAsTheFirstMigration() throws {
        let directory = try TemporaryDirectory.current
        let cache = try makeCache(in: directory)
        let (migrations, storedSQL) = try cache.queue.read { db in
            (
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"),
                try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'solar_body'")
            )
        }
        #expect(migrations == ["v1 BodiesDB-001.sql"])
        // SQLite keeps a table's CREATE statement as written: it must be the file's.
        let file = try String(contentsOf: bundledResource("BodiesDB-001", "sql"), encoding: .utf8)
        let start = try #require(file.range(of: "CREATE TABLE solar_body"))
        let end = try #require(file.range(of: ");", range: start.upperBound..<file.endIndex))
        #expect(storedSQL == String(file[start.lowerBound..<end.lowerBound]) + ")")
        #expect(storedSQL?.contains("density        REAL") == true)

        // A second migration run finds nothing to do.
        let before = try databaseSnapshot(cache.path)
        try AppDatabase.migrator.migrate(cache.queue)
        #expect(try databaseSnapshot(cache.path) == before)
    }

    @Test func v1ThenV2ThenV2AgainCountsWhatChangedAndLeavesTheSourcesContent() throws {
        let directory = try TemporaryDirectory.current
        let cache = try makeCache(in: directory)
        let v1IDs = try fixtureIDs("v1")
        let v2IDs = try fixtureIDs("v2")

        let first = try sync(cache.queue, with: fixtureBodies("v1"))
        #expect(
            (first.deletions.count, first.updates.count, first.insertions.count, first.unchanged) == (
                0, 0, v1IDs.count, 0
            ))
        #expect(try cache.queue.read { db in try SolarBody.fetchAll(db) }.map(\.id).sorted() == v1IDs.sorted())

        let second = try sync(cache.queue, with: fixtureBodies("v2"))
        #expect(Set(second.deletions) == v1IDs.subtracting(v2IDs))
        #expect(Set(second.insertions.map(\.id)) == v2IDs.subtracting(v1IDs))
        // The bodies in both files whose JSON objects differ, found without the step's decoder.
        let v1ByID = Dictionary(
            uniqueKeysWithValues: try fixtureObjects("v1").map { ($0["id"] as? String ?? "", $0 as NSDictionary) })
        let changed = try fixtureObjects("v2").filter { object in
            guard let id = object["id"] as? String, let old = v1ByID[id] else { return false }
            return old != object as NSDictionary
        }.compactMap { $0["id"] as? String }
        #expect(Set(second.updates.map(\.new.id)) == Set(changed))
        #expect(second.unchanged == v1IDs.intersection(v2IDs).count - changed.count)
        #expect(!changed.isEmpty && !second.deletions.isEmpty && !second.insertions.isEmpty)

        // The cache now holds exactly v2, value for value.
        let cached = try cache.queue.read { db in try SolarBody.order(Column("id")).fetchAll(db) }
        #expect(cached == (try fixtureBodies("v2")).sorted { $0.id < $1.id })
        let earthGravity = try cache.queue.read { db in
            try Double.fetchOne(db, sql: "SELECT gravity FROM solar_body WHERE id = 'terre'")
        }
        #expect(
            earthGravity == (try fixtureObjects("v2").first { $0["id"] as? String == "terre" }?["gravity"] as? Double))

        // Again: nothing to do, and SQLite confirms that no row changed.
        let before = try databaseSnapshot(cache.path)
        let changesBefore = try cache.queue.read { db in db.totalChangesCount }
        let third = try sync(cache.queue, with: fixtureBodies("v2"))
        #expect(
            (third.deletions.count, third.updates.count, third.insertions.count, third.unchanged) == (
                0, 0, 0, v2IDs.count
            ))
        #expect(try cache.queue.read { db in db.totalChangesCount } == changesBefore)
        #expect(try databaseSnapshot(cache.path) == before)
    }

    @Test func optionalFieldsLeftOutNullOrEmptyAreStoredAsNULL() throws {
        let directory = try TemporaryDirectory.current
        let cache = try makeCache(in: directory)
        let required: [String: Any] = ["name": "X", "bodyType": "Moon"]
        let json = try bodiesJSON([
            required.merging(["id": "left-out", "englishName": "Left out"]) { $1 },
            required.merging([
                "id": "null", "englishName": "Null", "density": NSNull(), "gravity": NSNull(),
                "discoveredBy": NSNull(), "discoveryDate": NSNull(),
            ]) { $1 },
            required.merging(["id": "empty", "englishName": "Empty", "discoveredBy": "", "discoveryDate": ""]) { $1 },
            required.merging([
                "id": "known", "englishName": "Known", "density": 1.5, "gravity": 0.2,
                "discoveredBy": "Someone", "discoveryDate": "01/02/1903",
            ]) { $1 },
        ])
        try sync(cache.queue, with: decodeBodies(json, from: "test"))
        let types = try cache.queue.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, typeof(density) || typeof(gravity) || typeof(discovered_by) || typeof(discovery_date) AS types
                    FROM solar_body ORDER BY id
                    """
            ).map { "\($0["id"] as String? ?? ""): \($0["types"] as String? ?? "")" }
        }
        #expect(
            types == [
                "empty: nullnullnullnull", "known: realrealtexttext", "left-out: nullnullnullnull",
                "null: nullnullnullnull",
            ])
    }

    /// Sources that must be refused, each with a word of the error it must give.
    static let badSources: [(name: String, data: @Sendable () throws -> Data, message: String)] = [
        ("cut short", { Data(try fixtureData("v2").prefix(1000)) }, "not valid JSON"),
        ("not JSON at all", { Data("<html>Service Unavailable</html>".utf8) }, "not valid JSON"),
        ("no bodies key", { Data(#"{"planets": []}"#.utf8) }, "has no field \"bodies\""),
        (
            "missing englishName",
            {
                var bodies = try fixtureObjects("v2")
                bodies[5]["englishName"] = nil
                return try bodiesJSON(bodies)
            }, "bodies[5] has no field \"englishName\""
        ),
        (
            "id is null",
            {
                var bodies = try fixtureObjects("v2")
                bodies[2]["id"] = NSNull()
                return try bodiesJSON(bodies)
            }, "bodies[2].id is null"
        ),
        (
            "density is text",
            {
                var bodies = try fixtureObjects("v2")
                bodies[3]["density"] = "heavy"
                return try bodiesJSON(bodies)
            }, "bodies[3].density is not a Double"
        ),
        (
            "the same id twice",
            {
                let bodies = try fixtureObjects("v2")
                return try bodiesJSON(bodies + [bodies[0]])
            }, "appears twice"
        ),
        ("an empty list", { Data(#"{"bodies": []}"#.utf8) }, "lists no bodies"),
    ]

    /// `decodeBodies` refuses each bad source, with a message that says what
    /// is wrong and where, before `sync` (and its transaction) even starts.
    @Test(arguments: 0..<badSources.count)
    func aBadSourceIsRefusedBeforeTheCacheIsTouched(_ index: Int) throws {
        let bad = Self.badSources[index]
        let directory = try TemporaryDirectory.current
        let cache = try makeCache(in: directory)
        try sync(cache.queue, with: fixtureBodies("v1"))
        let before = try databaseSnapshot(cache.path)

        let error = #expect(throws: CourseError.self, "\(bad.name)") {
            try sync(cache.queue, with: decodeBodies(bad.data(), from: bad.name))
        }
        #expect(error?.description.contains(bad.message) == true, "\(bad.name): \(error?.description ?? "")")
        #expect(try databaseSnapshot(cache.path) == before)
    }

    /// A failure of SQLite's own, inside the transaction: the source passed
    /// `decodeBodies` by another road and names a new body twice, so the
    /// second INSERT breaks the primary key after the sync's DELETEs,
    /// UPDATEs and first INSERTs ran. The cache is left as it was.
    @Test func aConstraintFailureInsideTheTransactionLeavesNothingApplied() throws {
        let directory = try TemporaryDirectory.current
        let log = StatementLog()
        let cache = try makeCache(in: directory, configuration: log.configuration)
        let v1 = try fixtureBodies("v1")
        try sync(cache.queue, with: v1)
        let before = try databaseSnapshot(cache.path)
        _ = log.take()

        let v2 = try fixtureBodies("v2")
        let new = try #require(v2.last { body in !v1.contains { $0.id == body.id } })
        let error = #expect(throws: DatabaseError.self) { try sync(cache.queue, with: v2 + [new]) }
        #expect(error?.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY, "\(String(describing: error))")
        let statements = log.take()
        #expect(["DELETE", "UPDATE", "INSERT"].allSatisfy { verb in statements.contains { $0.hasPrefix(verb) } })
        #expect(statements.last == "ROLLBACK TRANSACTION")
        #expect(try databaseSnapshot(cache.path) == before)
    }

    struct InjectedFault: Error {}

    @Test(arguments: SyncStage.allCases)
    func aFaultInsideTheTransactionLeavesNothingApplied(_ stage: SyncStage) throws {
        let directory = try TemporaryDirectory.current
        let log = StatementLog()
        let cache = try makeCache(in: directory, configuration: log.configuration)
        try sync(cache.queue, with: fixtureBodies("v1"))
        let before = try databaseSnapshot(cache.path)
        _ = log.take()

        #expect(throws: InjectedFault.self) {
            try sync(cache.queue, with: fixtureBodies("v2")) { current, _ in
                if current == stage { throw InjectedFault() }
            }
        }
        // The writes of the stages before the fault did run, inside the
        // transaction, and the transaction ended with ROLLBACK, not COMMIT.
        let statements = log.take()
        let ran = { (verb: String) in statements.contains { $0.hasPrefix(verb) } }
        #expect(statements.first?.hasPrefix("BEGIN") == true)
        #expect(statements.last == "ROLLBACK TRANSACTION")
        #expect(!statements.contains { $0.hasPrefix("COMMIT") })
        #expect(ran("DELETE") == (stage != .began))
        #expect(ran("UPDATE") == [.updated, .inserted].contains(stage))
        #expect(ran("INSERT") == (stage == .inserted))
        #expect(try databaseSnapshot(cache.path) == before)
    }

    @Test func searchIgnoresCaseMatchesLiterallyAndSortsByEnglishName() throws {
        let directory = try TemporaryDirectory.current
        let cache = try makeCache(in: directory)
        let tricky = [
            "100% Ice", "Under_score", "O'Brien's Rock", #"Back\slash"#, #"Say "Hi""#, "Ixion", "ixion minor",
            "Øresund", "élan", "ÉCLAT",
        ]
        let extra = tricky.enumerated().map { index, name -> [String: Any] in
            ["id": "x\(index)", "name": name, "englishName": name, "bodyType": "Asteroid"]
        }
        try sync(cache.queue, with: decodeBodies(bodiesJSON(try fixtureObjects("v1") + extra), from: "test"))
        let names = try cache.queue.read { db in try String.fetchAll(db, sql: "SELECT english_name FROM solar_body") }

        for text in [
            "%", "_", "'", "\"", #"\"#, "titan", "TITAN", "IXION", "on", "% i", "zzz", "", "øresund", "ÉLAN", "éclat",
        ] {
            let found = try cache.queue.read { db in try SolarBody.search(db, text: text) }.map(\.englishName)
            // The expectation, computed in Swift: a literal, case-insensitive
            // substring test, then sorted the way SQLite compares text (bytes).
            let expected =
                names
                .filter { text.isEmpty || $0.lowercased().contains(text.lowercased()) }
                .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            #expect(found == expected, "search \"\(text)\"")
        }
    }

    @Test func theLighterExamplesMisspelledColumnIsNeverFilled() throws {
        let json = String(decoding: try fixtureData("v1"), as: UTF8.self)
        let withoutDensity = try fixtureObjects("v1").filter { $0["density"] == nil || $0["density"] is NSNull }.count

        let seed = try DatabaseQueue()
        let seedCounts = try seed.write { db in
            try db.execute(sql: try lighterSchema())
            try loadByColumnNames(db, json: json)
            return (try Table("solar_body").fetchCount(db), try nullCount(db, "densitity"))
        }
        #expect(seedCounts.0 == (try fixtureObjects("v1").count))
        #expect(seedCounts.1 == seedCounts.0)  // every row NULL, and no error

        let ours = try DatabaseQueue()
        try AppDatabase.migrator.migrate(ours)
        let ourNulls = try ours.write { db in
            try loadByColumnNames(db, json: json)
            return try nullCount(db, "density")
        }
        #expect(ourNulls == withoutDensity)
        #expect(ourNulls < seedCounts.0)

        // The hand-written record into the seed's table: a loud failure.
        let error = #expect(throws: DatabaseError.self) {
            try seed.write { db in try fixtureBodies("v1")[0].insert(db, onConflict: .replace) }
        }
        #expect(error?.resultCode == .SQLITE_ERROR)
        #expect(error?.message == "table solar_body has no column named density")
    }
}
