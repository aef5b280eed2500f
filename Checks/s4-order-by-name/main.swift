import ExerciseSupport
import GRDB

@testable import Exercise_s4_order_by_name

let setup = """
    CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    INSERT INTO item (name) VALUES ('Cherry'), ('banana'), ('Zebra'), ('émile'), ('apple'), ('Äpfel'), ('Apple');
    """

runCheck(
    "s4-order-by-name",
    [
        (
            "names as a person reads them: case and accents ignored, ties in plain order",
            {
                var configuration = Configuration()
                configuration.prepareDatabase { db in db.add(collation: .itemName) }
                let queue = try DatabaseQueue(configuration: configuration)
                try queue.write { db in try db.execute(sql: setup) }
                let names = try queue.read { db in try learnerCode("namesInOrder(db)") { try namesInOrder(db) } }
                try expect(
                    names, equals: ["Äpfel", "Apple", "apple", "banana", "Cherry", "émile", "Zebra"],
                    "namesInOrder", sql: setup + "\nSELECT name FROM item ORDER BY name COLLATE itemName")
            }
        )
    ])
