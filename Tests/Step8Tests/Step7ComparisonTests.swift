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
            #expect(
                [old.id, old.name, old.englishName, old.bodyType] == [new.id, new.name, new.englishName, new.bodyType])
            #expect(old.density == new.density && old.gravity == new.gravity)
            #expect(old.discoveredBy == new.discoveredBy && old.discoveryDate == new.discoveryDate)
        }
    }

    /// Step 8's JSON decoding gives what step 7's hand-written decoder gives.
    @Test func step8DecodesStep7sFixturesToTheSameBodies() throws {
        for version in ["v1", "v2"] {
            let old = try step7.decodeBodies(fixtureData(version), from: version)
            let new = try step8.decodeBodies(fixtureData(version), from: version)
            #expect(old.map(\.id) == new.map(\.id))
            #expect(old.map(\.discoveredBy) == new.map(\.discoveredBy))
            #expect(old.map(\.density) == new.map(\.density))
        }
    }
}
