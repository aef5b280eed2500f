import ExerciseSupport
import GRDB

@testable import Exercise_s5_add_notes

/// A file as step 4 leaves it: createItem applied, three items saved.
func stepFourFile() throws -> DatabaseQueue {
    let queue = try DatabaseQueue()
    var migrator = DatabaseMigrator()
    migrator.registerMigration("createItem") { db in
        try db.execute(
            sql: "CREATE TABLE item (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, quantity INTEGER)")
    }
    try migrator.migrate(queue)
    try queue.write { db in
        try db.execute(sql: "INSERT INTO item (name, quantity) VALUES ('Apple', 3), ('Pear', NULL), ('Äpfel', 1)")
    }
    return queue
}

let query = "SELECT name, notes FROM item ORDER BY id"

/// A step 4 file, upgraded by a migrator that knows createItem (applied already) and the learner's migrations.
func upgradedStepFourFile() throws -> (DatabaseQueue, DatabaseMigrator) {
    let queue = try stepFourFile()
    var migrator = DatabaseMigrator()
    migrator.registerMigration("createItem") { _ in }
    registerAddNotes(&migrator)
    try learnerCode("migrating a step 4 file with addNotes") { try migrator.migrate(queue) }
    return (queue, migrator)
}

// edge(added-column, not-null-with-default): Kiwi, inserted after the upgrade without notes: NULL, no default
// edge(error-path, update-before-alter): an UPDATE of notes before the column exists fails the migration

runCheck(
    "s5-add-notes",
    [
        (
            "upgrades a step 4 file: notes filled from name",
            {
                let (queue, migrator) = try upgradedStepFourFile()
                let applied = try queue.read { db in try migrator.appliedIdentifiers(db) }
                let others = applied.filter { $0 != "createItem" }
                try expect(
                    !others.isEmpty, "no migration ran after createItem: register one with registerMigration",
                    expected: "addNotes applied", actual: "only createItem",
                    sql: "SELECT identifier FROM grdb_migrations")
                // Two migrations where one is asked for: each runs in its own transaction, so the column
                // could be added and never filled ("Both happen, or neither").
                try expect(
                    others.count == 1 || !others.contains("addNotes"),
                    "\(others.count) migrations ran after createItem, each in its own transaction: "
                        + "addNotes alone must add the column and fill it, so both happen or neither",
                    expected: "[\"addNotes\"]", actual: show(others), sql: "SELECT identifier FROM grdb_migrations")
                try expect(
                    others, equals: ["addNotes"],
                    "the new migration must be registered as \"addNotes\" (the identifier is what the file remembers)",
                    sql: "SELECT identifier FROM grdb_migrations")
                let rows = try queue.read { db in
                    try Row.fetchAll(db, sql: query).map {
                        "\($0["name"] as String) → \(($0["notes"] as String?) ?? "NULL")"
                    }
                }
                try expect(
                    rows.contains { !$0.hasSuffix("→ NULL") }, "every note is still NULL after the upgrade",
                    expected: "notes filled from name", actual: "ADD COLUMN alone: the existing rows get NULL",
                    sql: query)
                try expect(
                    rows, equals: ["Apple → Apple", "Pear → Pear", "Äpfel → Äpfel"], "name → notes after the upgrade",
                    sql: query)
            }
        ),
        (
            "a row added after the upgrade, as a step 4 program adds it, has no notes: NULL",
            {
                let (queue, _) = try upgradedStepFourFile()
                // A program that knows nothing of notes names only the columns it knows.
                let insert = "INSERT INTO item (name, quantity) VALUES ('Kiwi', 2)"
                try learnerCode("a step 4 insert after the upgrade", sql: insert) {
                    try queue.write { db in try db.execute(sql: insert) }
                }
                let (notes, column) = try queue.read { db in
                    (
                        try String?.fetchOne(db, sql: "SELECT notes FROM item WHERE name = 'Kiwi'") ?? nil,
                        try Row.fetchOne(
                            db,
                            sql: "SELECT type, \"notnull\", dflt_value FROM pragma_table_info('item') "
                                + "WHERE name = 'notes'")
                    )
                }
                let declared = column.map {
                    "\($0["type"] as String? ?? "")\(($0["notnull"] as Int? ?? 0) == 1 ? " NOT NULL" : "")"
                        + (($0["dflt_value"] as String?).map { " DEFAULT \($0)" } ?? "")
                }
                try expect(
                    notes == nil,
                    "Kiwi's notes, added after the upgrade: notes is a nullable column without a default, "
                        + "so a row that does not name it gets NULL",
                    expected: "NULL (notes TEXT)", actual: "\(show(notes)) (notes \(declared ?? "missing"))",
                    sql: insert)
            }
        ),
    ])
