import Foundation
import GRDB
import RecordGenerator
import Testing

// A STRICT table (SQLite 3.37+) makes the database enforce the types the
// generated records rely on. The fixtures' `reading` table is created as
// Fixtures.sql writes it (STRICT) or with that one keyword removed, and the
// same generated `Reading` record reads both.

/// An in-memory database with the fixtures' schema; `strict: false` drops
/// the STRICT keyword from `reading`, and nothing else.
func readingDatabase(strict: Bool) throws -> DatabaseQueue {
    let sql = FixturesSchema.sql
    let ordinary = sql.replacingOccurrences(of: ") STRICT;", with: ");")
    try #require(ordinary != sql, "Fixtures.sql no longer declares a STRICT table")
    let queue = try DatabaseQueue()
    try queue.write { db in try db.execute(sql: strict ? sql : ordinary) }
    return queue
}

@Suite struct StrictTableTests {
    // [docs:ordinary-and-strict]
    /// An ordinary table stores the text 'abc' in an INTEGER column (the
    /// column's affinity converts only text that is a number). `Reading`,
    /// generated for the STRICT table, trusts its types and reads as GRDB
    /// does: 0, without an error (GRDB reads an Int64 with
    /// sqlite3_column_int64, and SQLite converts the text as CAST would).
    @Test func anOrdinaryTableStoresTextInAnIntegerColumnThatGRDBReadsAsZero() throws {
        let (stored, record) = try readingDatabase(strict: false).write { db in
            try db.execute(sql: "INSERT INTO reading (sensor, count) VALUES ('a', 'abc')")
            let stored = try Row.fetchOne(db, sql: "SELECT typeof(count) AS type, count FROM reading")
            return (stored, try Reading.fetchOne(db))
        }
        #expect(stored?["type"] == "text" && stored?["count"] == "abc")
        #expect(record?.count == 0)
    }

    /// The same INSERT into the STRICT table fails with
    /// SQLITE_CONSTRAINT_DATATYPE (3091), and the table stays empty.
    @Test func aStrictTableRefusesTextInAnIntegerColumn() throws {
        let queue = try readingDatabase(strict: true)
        let error = try #require(
            throws: DatabaseError.self,
            performing: {
                try queue.write { db in try db.execute(sql: "INSERT INTO reading (sensor, count) VALUES ('a', 'abc')") }
            })
        #expect(error.extendedResultCode == .SQLITE_CONSTRAINT_DATATYPE)
        #expect(error.extendedResultCode.rawValue == 3091)
        #expect(error.message == "cannot store TEXT value in INTEGER column reading.count")
        #expect(try queue.read { db in try Reading.fetchCount(db) } == 0)
    }
    // [/docs:ordinary-and-strict]

    /// A text that is a whole number still becomes an integer (STRICT keeps
    /// the conversions that lose nothing), and the generated record writes
    /// and reads every type of the STRICT table back unchanged.
    @Test func theGeneratedRecordRoundTripsThroughAStrictTable() throws {
        let (converted, saved, read) = try readingDatabase(strict: true).write { db in
            try db.execute(sql: "INSERT INTO reading (sensor, count) VALUES ('a', '12')")
            let converted = try String.fetchOne(db, sql: "SELECT typeof(count) || ' ' || count FROM reading")
            var reading = Reading(sensor: "b", count: 3, value: 1.5, raw: Data([0, 1, 2]))
            try reading.insert(db)
            return (converted, reading, try Reading.fetchOne(db, id: try #require(reading.id)))
        }
        #expect(converted == "integer 12")
        #expect(read == saved)
        // The types are exact: no guess, so no note in the generated file's header.
        #expect(type(of: saved.count) == Int64.self && type(of: saved.value) == Double?.self)
    }

    /// The generator reads a STRICT table like any other, and its types
    /// (INT, INTEGER, REAL, TEXT, BLOB) are never a guess: no header note.
    @Test func theGeneratorNeedsNoGuessForAStrictTable() throws {
        let file = try generate(
            "CREATE TABLE reading (id INTEGER PRIMARY KEY, count INT NOT NULL, value REAL, sensor TEXT, raw BLOB) STRICT;"
        )
        #expect(file.source.contains("public var count: Int64"))
        #expect(file.source.contains("public var raw: Data?"))
        #expect(!file.source.contains("leave the Swift type open"))
    }
}
