import ExerciseSupport
import GRDB

@testable import Exercise_s6_edit_transaction

let setup = """
    CREATE TABLE Products (
      ProductID INTEGER PRIMARY KEY, ProductName TEXT NOT NULL,
      UnitPrice NUMERIC CHECK (UnitPrice >= 0), UnitsInStock INTEGER CHECK (UnitsInStock >= 0));
    INSERT INTO Products VALUES (27, 'Schoggi Schokolade', 43.9, 49);
    """
let query = "SELECT UnitPrice, UnitsInStock FROM Products WHERE ProductID = 27"

func product(_ queue: DatabaseQueue) throws -> String {
    try queue.read { db in
        let row = try Row.fetchOne(db, sql: query)
        return "price \(row?[0] as Double? ?? -1), stock \(row?[1] as Int? ?? -1)"
    }
}

// edge(error-path, swapped-writes): a refused price and a refused stock: whichever UPDATE fails, both roll back
runCheck(
    "s6-edit-transaction",
    [
        (
            "a valid edit saves both values",
            {
                let queue = try DatabaseQueue()
                try queue.write { db in try db.execute(sql: setup) }
                try learnerCode("saveEdit(productID: 27, price: 40, stock: 12)") {
                    try saveEdit(queue, productID: 27, price: 40, stock: 12)
                }
                try expect(try product(queue), equals: "price 40.0, stock 12", "product 27 after the edit", sql: query)
            }
        ),
        (
            "a refused stock changes nothing",
            {
                let queue = try DatabaseQueue()
                try queue.write { db in try db.execute(sql: setup) }
                _ = try learnerCodeThrows(
                    "saveEdit(productID: 27, price: 1, stock: -5), refused by CHECK (UnitsInStock >= 0),"
                ) {
                    try saveEdit(queue, productID: 27, price: 1, stock: -5)
                }
                try expect(
                    try product(queue), equals: "price 43.9, stock 49",
                    "the price changed though the stock was refused (each write is its own transaction)",
                    sql: "UPDATE Products SET UnitPrice = 1 …; UPDATE Products SET UnitsInStock = -5 …\n" + query)
            }
        ),
        (
            "a refused price changes nothing",
            {
                let queue = try DatabaseQueue()
                try queue.write { db in try db.execute(sql: setup) }
                _ = try learnerCodeThrows(
                    "saveEdit(productID: 27, price: -1, stock: 5), refused by CHECK (UnitPrice >= 0),"
                ) {
                    try saveEdit(queue, productID: 27, price: -1, stock: 5)
                }
                try expect(
                    try product(queue), equals: "price 43.9, stock 49",
                    "the stock changed though the price was refused (whichever UPDATE fails, both roll back)",
                    sql: "UPDATE Products SET UnitPrice = -1 …; UPDATE Products SET UnitsInStock = 5 …\n" + query)
            }
        ),
    ])
