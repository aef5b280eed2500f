import CourseCore
import CourseTestSupport
import Foundation
import GRDB
import Testing

@testable import step10

/// The indexes never drift: FTS5's integrity-check (rank 1: against the
/// content) passes after every kind of change, and fails when a trigger is missing.
@Suite(.temporaryDirectory) struct IndexSyncTests {
    func fileDatabase() throws -> (AppDatabase, String) {
        let path = try TemporaryDirectory.current.file("step10.sqlite")
        let database = try AppDatabase.open(.file(path), trace: false, narrator: RecordedLines().narrator)
        _ = try database.syncBodies(json: try bodiesJSON("v1").json)
        return (database, path)
    }

    /// A blank name is refused by the database layer itself, whoever calls it (not only the command line),
    /// and nothing is written: the product, the renamed product and the category keep their names.
    @Test func aBlankNameIsRefusedAndNothingChanges() throws {
        let (database, _) = try fileDatabase()
        let count = { try database.reader.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM Products") } }
        let before = try count()
        #expect(throws: CourseError.self) { try database.addProduct(name: "  ", categoryID: 3, supplierID: 9) }
        #expect(throws: CourseError.self) { try database.renameProduct(id: 1, to: " ") }
        #expect(throws: CourseError.self) { try database.renameCategory(id: 3, to: "") }
        #expect(try count() == before)
        let names = try database.reader.read { db in
            (
                try String.fetchOne(db, sql: "SELECT ProductName FROM Products WHERE ProductID = 1"),
                try String.fetchOne(db, sql: "SELECT CategoryName FROM Categories WHERE CategoryID = 3")
            )
        }
        #expect(names.0?.trimmingCharacters(in: .whitespaces).isEmpty == false)
        #expect(names.1?.trimmingCharacters(in: .whitespaces).isEmpty == false)
    }

    @Test func theCheckPassesAfterEachKindOfChange() throws {
        let (database, _) = try fileDatabase()
        try database.checkIndexes()
        let id = try database.addProduct(name: "Kelp Crisps", categoryID: 3, supplierID: 9)
        try database.checkIndexes()
        #expect(try database.search(.words("kelp"), in: .products).map(\.id) == [String(id)])
        try database.renameProduct(id: id, to: "Dulse Crisps")
        try database.checkIndexes()
        #expect(try database.search(.words("kelp"), in: .products).isEmpty)
        try database.renameCategory(id: 3, to: "Crispbread")
        try database.checkIndexes()
        #expect(
            try database.search(.raw("category: crispbread"), in: .products).contains { $0.title == "Dulse Crisps" })
        try database.deleteProduct(id: id)
        try database.checkIndexes()
        #expect(try database.search(.words("dulse"), in: .products).isEmpty)
        let count = try database.syncBodies(json: try bodiesJSON("v2").json)
        #expect(count.deleted > 0 && count.inserted > 0 && count.updated > 0, "\(count)")
        try database.checkIndexes()
        #expect(try database.search(.words("haumea"), in: .bodies).count == 1)
        #expect(try database.search(.words("amalthea"), in: .bodies).isEmpty)  // removed by v2
    }

    @Test func theCheckCatchesAForgottenTrigger() throws {
        let (_, path) = try fileDatabase()
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "DROP TRIGGER __body_fts_ad")
            try db.execute(sql: "DELETE FROM solar_body WHERE id = 'lune'")
        }
        let error = try #require(throws: DatabaseError.self) {
            try queue.write { db in try checkIndex(db, .bodies) }
        }
        #expect(error.extendedResultCode.rawValue == 267)  // SQLITE_CORRUPT_VTAB
        // The plain check (no rank) looks at the index alone, and misses it.
        try queue.write { db in try db.execute(sql: "INSERT INTO body_fts(body_fts) VALUES('integrity-check')") }
    }

    @Test func aSyncThatFailsHalfWayLeavesTableAndIndexAsTheyWere() throws {
        let (database, path) = try fileDatabase()
        let before = try databaseSnapshot(path)
        let broken =
            #"{"bodies": [{"id": "soleil", "name": "Le Soleil", "englishName": "Sun", "bodyType": "Star"},"#
            + #" {"id": "sedna", "name": "Sedna", "bodyType": "Dwarf Planet"}]}"#
        let changes = try database.changeCount()
        let error = try #require(throws: DatabaseError.self) { try database.syncBodies(json: broken) }
        #expect(error.extendedResultCode == .SQLITE_CONSTRAINT_NOTNULL)
        #expect(try database.changeCount() > changes)  // the DELETE ran (and its triggers) before the INSERT failed
        #expect(try databaseSnapshot(path) == before)  // both the table and the index's shadow tables
        try database.checkIndexes()
        #expect(try database.search(.words("saturn"), in: .bodies).count == 1)
    }
}
