import ExerciseSupport
import GRDB

@testable import Exercise_s4_order_by_name

let setup = """
    CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    INSERT INTO item (name) VALUES ('Cherry'), ('banana'), ('Zebra'), ('émile'), ('apple'), ('Äpfel'), ('Apple');
    """

/// A connection with `itemName` registered, as AppDatabase does, and the items.
func items() throws -> DatabaseQueue {
    var configuration = Configuration()
    configuration.prepareDatabase { db in db.add(collation: .itemName) }
    let queue = try DatabaseQueue(configuration: configuration)
    try queue.write { db in try db.execute(sql: setup) }
    return queue
}

/// The names in itemName's order, as SQLite sorts them with the learner's collation alone.
func sorted(_ names: [String]) throws -> [String] {
    let values = names.map { "('\($0)')" }.joined(separator: ", ")
    let sql = "SELECT column1 FROM (VALUES \(values)) ORDER BY column1 COLLATE itemName"
    return try items().read { db in try learnerCode("itemName", sql: sql) { try String.fetchAll(db, sql: sql) } }
}

// edge(case-and-accents, case-only): Äpfel and émile among names that differ by case
// edge(ties, no-tie-break): Apple and apple, equal but for case: plain order
runCheck(
    "s4-order-by-name",
    [
        (
            "the collation ignores case",
            {
                try expect(
                    try sorted(["Zebra", "banana", "apple"]), equals: ["apple", "banana", "Zebra"],
                    "itemName must ignore case: apple, banana, Zebra (BINARY puts every capital first)")
            }
        ),
        (
            "the collation ignores accents",
            {
                try expect(
                    try sorted(["banana", "apple", "Äpfel"]), equals: ["Äpfel", "apple", "banana"],
                    "itemName must ignore accents: Äpfel before apple, as apfel before apple (.diacriticInsensitive)")
            }
        ),
        (
            "names equal but for case fall back to the plain order",
            {
                try expect(
                    try sorted(["apple", "Apple"]), equals: ["Apple", "apple"],
                    "itemName must order names equal but for case in plain order, Apple before apple,"
                        + " so that the order never depends on the rows' order")
            }
        ),
        (
            "namesInOrder orders with the collation",
            {
                let names = try items().read { db in try learnerCode("namesInOrder(db)") { try namesInOrder(db) } }
                try expect(
                    names, equals: ["Äpfel", "Apple", "apple", "banana", "Cherry", "émile", "Zebra"],
                    "namesInOrder must order by name with itemName (ORDER BY name alone compares bytes)",
                    sql: setup + "\nSELECT name FROM item ORDER BY name COLLATE itemName")
            }
        ),
    ])
