import CourseCore
import CourseTestSupport
import Foundation
import GRDB
import Testing

@testable import step7
@testable import step8

/// A fixture of step 7, from step 7's bundle.
func fixtureData(_ version: String) throws -> Data {
    try Data(contentsOf: step7.Source.fixture(version).url)
}

/// The generated `SolarBody` against step 7's hand-written one.
@Suite struct Step7ComparisonTests {
    /// Both records read the same rows of a cache filled by step 7 (its two
    /// fixtures, and a row of NULLs and non-ASCII text) to the same values.
    @Test func generatedAndHandWrittenRecordsDecodeTheSameRows() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // Step 7's own migration and sync fill the cache; a plain queue on
        // the same file then adds a row and reads it back through both records.
        let path = directory.file("cache.sqlite")
        let cache = try step7.AppDatabase.open(.file(path), trace: false, narrator: Narrator(write: { _ in }))
        try cache.sync(with: try step7.decodeBodies(fixtureData("v1"), from: "v1"))
        try cache.sync(with: try step7.decodeBodies(fixtureData("v2"), from: "v2"))
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(
                sql:
                    "INSERT INTO solar_body (id, name, english_name, body_type) VALUES ('x', 'Éris ☄︎', 'Ëris', 'Dwarf Planet')"
            )
        }
        let (handWritten, generated) = try queue.read { db in
            (try step7.SolarBody.order(Column("id")).fetchAll(db), try step8.SolarBody.order(Column("id")).fetchAll(db))
        }
        #expect(handWritten.count == generated.count && handWritten.count > 40)
        for (old, new) in zip(handWritten, generated) {
            #expect(fields(old) == fields(new))
        }
    }

    /// Step 8's JSON decoding gives what step 7's hand-written decoder gives,
    /// field by field, and the two syncs store the same rows: each column's
    /// `quote()` (its storage class and bytes), so an empty `discovery_date`
    /// stored as '' rather than NULL, or a density stored as text, differs.
    @Test func step8DecodesAndStoresStep7sFixturesAsStep7Does() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for version in ["v1", "v2"] {
            let old = try step7.decodeBodies(fixtureData(version), from: version)
            let new = try step8.decodeBodies(fixtureData(version), from: version)
            #expect(old.map(fields) == new.map(fields))
            // Step 7's sync into step 7's cache, step 8's into step 8's database.
            let path = directory.file("cache-\(version).sqlite")
            let cache = try step7.AppDatabase.open(.file(path), trace: false, narrator: Narrator(write: { _ in }))
            try cache.sync(with: old)
            let stored = try DatabaseQueue(path: path).read { db in try quotedRows(of: "solar_body", db).rows }
            let step8Database = try step8.AppDatabase.open(.inMemory, trace: false, narrator: Narrator(write: { _ in }))
            _ = try step8Database.sync(new)
            let step8Stored = try step8Database.read { db in try quotedRows(of: "solar_body", db).rows }
            #expect(stored.count == old.count && stored.contains { $0.contains("NULL") })
            #expect(stored.sorted() == step8Stored.sorted())
        }
    }
}

/// Every field of step 7's hand-written body, as text (nil stays nil).
private func fields(_ body: step7.SolarBody) -> [String?] {
    [
        body.id, body.name, body.englishName, body.bodyType, body.density.map { "\($0)" },
        body.gravity.map { "\($0)" }, body.discoveredBy, body.discoveryDate,
    ]
}

/// Every field of step 8's generated body, in the same order.
private func fields(_ body: step8.SolarBody) -> [String?] {
    [
        body.id, body.name, body.englishName, body.bodyType, body.density.map { "\($0)" },
        body.gravity.map { "\($0)" }, body.discoveredBy, body.discoveryDate,
    ]
}
