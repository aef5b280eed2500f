import ExerciseSupport
import GRDB

@testable import Exercise_s10_trigger_fix

let schema = """
    CREATE TABLE product (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE VIRTUAL TABLE product_fts USING fts5(name, content = 'product', content_rowid = 'id');
    """

/// A fresh database with the learner's triggers and two products.
func database() throws -> DatabaseQueue {
    let queue = try DatabaseQueue()
    try queue.write { db in
        try db.execute(sql: schema)
        try learnerCode("productTriggers", sql: productTriggers) { try db.execute(sql: productTriggers) }
        try db.execute(sql: "INSERT INTO product (id, name) VALUES (1, 'Smoked Trout'), (2, 'Earl Grey Tea')")
    }
    return queue
}

/// The ids the index finds for `word`.
func found(_ queue: DatabaseQueue, _ word: String) throws -> [Int64] {
    try queue.read { db in
        try Int64.fetchAll(
            db, sql: "SELECT rowid FROM product_fts WHERE product_fts MATCH ? ORDER BY rowid", arguments: [word])
    }
}

/// FTS5's check of the index against the table (rank 1: the content too).
func integrityCheck(_ queue: DatabaseQueue, after change: String) throws {
    let sql = "INSERT INTO product_fts(product_fts, rank) VALUES('integrity-check', 1)"
    do {
        try queue.write { db in try db.execute(sql: sql) }
    } catch {
        throw CheckFailure(
            "the index against the table, after \(change)", expected: "integrity-check passes", actual: "\(error)",
            sql: sql)
    }
}

/// The update trigger's rule: after a rename, the index knows only the new name.
func renameForgetsTheOldWords() throws {
    let queue = try database()
    try queue.write { db in try db.execute(sql: "UPDATE product SET name = 'Smoked Eel' WHERE id = 1") }
    try expect(
        try found(queue, "trout"), equals: [], "MATCH 'trout' after renaming #1 to Smoked Eel", sql: productTriggers)
    try expect(try found(queue, "eel"), equals: [1], "MATCH 'eel' after the rename", sql: productTriggers)
    try integrityCheck(queue, after: "the rename")
}

/// The delete trigger's rule: a deleted row leaves no word behind.
func deleteForgetsTheWords() throws {
    let queue = try database()
    try queue.write { db in try db.execute(sql: "DELETE FROM product WHERE id = 2") }
    try expect(try found(queue, "tea"), equals: [], "MATCH 'tea' after deleting #2", sql: productTriggers)
    try integrityCheck(queue, after: "the delete")
}

// An update and a delete are two separate triggers to fix: the check tries
// both and names each one that broke.
// edge(again, update-without-delete): a rename: the old words leave the index, the new ones come in
runCheck(
    "s10-trigger-fix",
    [
        (
            "an insert is indexed (AFTER INSERT)",
            {
                let queue = try database()
                try expect(
                    try found(queue, "trout"), equals: [1], "MATCH 'trout' after the inserts", sql: productTriggers)
                try integrityCheck(queue, after: "the inserts")
            }
        ),
        (
            "the index forgets old words",
            {
                try expectEach([
                    (
                        "an update removes the old words: a 'delete' with the old values, then the new row",
                        renameForgetsTheOldWords
                    ),
                    (
                        "a delete removes the row's words: an AFTER DELETE trigger with a 'delete' of the old values",
                        deleteForgetsTheWords
                    ),
                ])
            }
        ),
    ])
