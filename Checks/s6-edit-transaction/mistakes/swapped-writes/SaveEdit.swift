import GRDB

// Exercise s6-edit-transaction · fix the bug · chapter 6, "The product page, and editing it"
//
// The product page saves a new price and a new stock together. The table
// refuses a negative stock (CHECK UnitsInStock >= 0), and `saveEdit` then
// throws, as it should. But look at the price after such a refused edit.

func saveEdit(_ queue: DatabaseQueue, productID: Int64, price: Double, stock: Int) throws {
    // The stock first: a refused stock then changes nothing.
    try queue.write { db in
        try db.execute(sql: "UPDATE Products SET UnitsInStock = ? WHERE ProductID = ?", arguments: [stock, productID])
    }
    try queue.write { db in
        try db.execute(sql: "UPDATE Products SET UnitPrice = ? WHERE ProductID = ?", arguments: [price, productID])
    }
}
