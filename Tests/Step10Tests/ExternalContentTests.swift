import CourseCore
import CourseTestSupport
import Foundation
import GRDB
import Testing

@testable import step10

/// What an external-content index does not survive: INSERT OR REPLACE
/// without recursive triggers, and its own table dropped without its triggers.
@Suite struct ExternalContentTests {
    func bodies() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try AppDatabase.migrator.migrate(queue)
        try queue.write { db in _ = try syncBodies(db, json: try bodiesJSON("v1").json) }
        return queue
    }

    func rowid(_ queue: DatabaseQueue) throws -> Int64? {
        try queue.read { db in try Int64.fetchOne(db, sql: "SELECT rowid FROM solar_body WHERE id = 'lune'") }
    }

    func corruption(_ queue: DatabaseQueue) -> Int32? {
        do {
            try queue.write { db in try checkIndex(db, .bodies) }
            return nil
        } catch let error as DatabaseError {
            return error.extendedResultCode.rawValue
        } catch {
            return -1
        }
    }

    let luna = BodyRow(id: "lune", name: "La Lune", englishName: "Luna", bodyType: "Moon")

    @Test func replaceDeletesWithoutTheDeleteTriggerAndTheIndexDrifts() throws {
        let queue = try bodies()
        let before = try #require(try rowid(queue))
        try queue.write { db in try replaceBody(db, luna) }
        #expect(try rowid(queue) != before)  // a new row, a new rowid
        #expect(try queue.read { db in try bodyRowids(db, matching: "moon") } == [before])  // the old entry stays
        #expect(corruption(queue) == 267)  // SQLITE_CORRUPT_VTAB
    }

    @Test func replaceWithRecursiveTriggersKeepsTheIndexRight() throws {
        let queue = try bodies()
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA recursive_triggers = ON")
            try db.inTransaction {
                try replaceBody(db, luna)
                return .commit
            }
        }
        #expect(try queue.read { db in try bodyRowids(db, matching: "moon") }.isEmpty)
        #expect(corruption(queue) == nil)
    }

    @Test func theUpsertIsAnUpdateAndKeepsTheRowid() throws {
        let queue = try bodies()
        let before = try rowid(queue)
        try queue.write { db in try upsertBody(db, luna) }
        #expect(try rowid(queue) == before)
        #expect(try queue.read { db in try bodyRowids(db, matching: "luna") } == [try #require(before)])
        #expect(try queue.read { db in try bodyRowids(db, matching: "moon") }.isEmpty)
        #expect(corruption(queue) == nil)
    }

    @Test func droppingTheIndexLeavesItsTriggersUntilGRDBDropsThem() throws {
        let queue = try bodies()
        let sedna = BodyRow(id: "sedna", name: "Sedna", englishName: "Sedna", bodyType: "Dwarf Planet")
        try queue.write { db in try db.drop(table: "body_fts") }
        let error = try #require(throws: DatabaseError.self) { try queue.write { db in try sedna.insert(db) } }
        #expect(error.message == "no such table: main.body_fts")
        try queue.write { db in
            try db.dropFTS5SynchronizationTriggers(forTable: "body_fts")
            try sedna.insert(db)
        }
    }

    /// The diagram is drawn from the schema: one arrow per trigger, one per content table.
    @Test func theDiagramHasAnArrowForEveryTrigger() throws {
        let queue = try bodies()
        let lines = try queue.read { db in try indexDiagram(db) }
        let triggers = try queue.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_schema WHERE type = 'trigger'")
        }
        #expect(triggers.count == 8)
        for trigger in triggers { #expect(lines.contains { $0.contains(": \(trigger)\" -->") }, "\(trigger)") }
        #expect(lines.contains("    body_fts -. \"content=: text read back by rowid\" .-> solar_body"))
        #expect(lines.contains("    product_search -. reads .-> Categories"))
    }

    /// Only a view is read through: a content *table* that names another table (its foreign key) draws no
    /// "reads" arrow, since FTS5 reads the text back from that table's own rows.
    @Test func aContentTableDrawsNoReadsArrow() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE parent (id INTEGER PRIMARY KEY);
                    CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent (id), name TEXT);
                    CREATE VIRTUAL TABLE child_fts USING fts5(name, content = 'child', content_rowid = 'id');
                    """)
        }
        let lines = try queue.read { db in try indexDiagram(db) }
        #expect(lines.contains("    child_fts -. \"content=: text read back by rowid\" .-> child"), "\(lines)")
        #expect(!lines.contains { $0.contains(" -. reads .-> ") }, "\(lines)")
    }

    /// The diagram comes out the same whatever order the triggers were made in: the same triggers,
    /// dropped and made again in reverse, draw the same lines (the chapter's picture must not follow
    /// the order sqlite_schema happens to hold them in).
    @Test func theDiagramDoesNotFollowTheOrderTheTriggersWereMadeIn() throws {
        let queue = try bodies()
        let before = try queue.read { db in try indexDiagram(db) }
        try queue.write { db in
            let triggers = try Row.fetchAll(
                db, sql: "SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' ORDER BY rowid DESC")
            #expect(triggers.count == 8)
            for trigger in triggers { try db.execute(sql: "DROP TRIGGER \(trigger["name"] as String)") }
            for trigger in triggers { try db.execute(sql: trigger["sql"] as String) }
        }
        #expect(try queue.read { db in try indexDiagram(db) } == before)
    }
}
