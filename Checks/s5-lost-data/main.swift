import ExerciseSupport
import GRDB

@testable import Exercise_s5_lost_data

let setup = """
    CREATE TABLE item (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, quantity INTEGER, notes TEXT);
    INSERT INTO item (id, name, quantity, notes) VALUES (1, 'Apple', 3, 'crisp'), (2, 'Pear', NULL, NULL), (5, 'Fig', 1, 'dried');
    """
let query = "SELECT id, name, quantity, notes FROM item ORDER BY id"
/// The same rows, every value as text (NULL as "NULL").
let asText = "SELECT id || '', name, ifnull(quantity, 'NULL') || '', ifnull(notes, 'NULL') FROM item ORDER BY id"

/// The items, every value as text, after requireNotes ran on the check's file.
func migrated() throws -> (DatabaseQueue, [[String]]) {
    let queue = try DatabaseQueue()
    try queue.write { db in try db.execute(sql: setup) }
    var migrator = DatabaseMigrator()
    registerRequiredNotes(&migrator)
    try learnerCode("migrating with requireNotes") { try migrator.migrate(queue) }
    let rows = try queue.read { db in
        try Row.fetchAll(db, sql: asText).map { row in (0..<4).map { row[$0] as String } }
    }
    return (queue, rows)
}

// edge(null, empty-note): Pear's notes is NULL: it becomes the name, not ''
// edge(boundary, ids-renumbered): ids 1, 2, 5, a gap: copied as they are, not renumbered
runCheck(
    "s5-lost-data",
    [
        (
            "keeps every item",
            {
                let (_, rows) = try migrated()
                try expect(
                    rows.count, equals: 3,
                    "items left after requireNotes (the new table starts empty: copy the rows before DROP)",
                    sql: setup + "\n" + query)
            }
        ),
        (
            "keeps each item's id",
            {
                let (_, rows) = try migrated()
                try expect(
                    rows.map { $0[0] }, equals: ["1", "2", "5"],
                    "the ids after requireNotes (copy id too: other tables point at it)", sql: query)
            }
        ),
        (
            "keeps the values; a missing note becomes the name",
            {
                let (queue, rows) = try migrated()
                try expect(
                    rows,
                    equals: [
                        ["1", "Apple", "3", "crisp"], ["2", "Pear", "NULL", "Pear"], ["5", "Fig", "1", "dried"],
                    ],
                    "the items after requireNotes: Pear's NULL note becomes its name, not ''",
                    sql: setup + "\n" + query)
                let notNull = try queue.read { db in try db.columns(in: "item").first { $0.name == "notes" }?.isNotNull
                }
                try expect(
                    notNull, equals: true, "notes is NOT NULL after the migration", sql: "PRAGMA table_info(item)")
            }
        ),
    ])
