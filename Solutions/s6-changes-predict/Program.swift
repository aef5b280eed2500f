import GRDB

// Exercise s6-changes-predict · predict the output · chapter 6, "The product page, and editing it"
//
// Read this program, then write in prediction.txt what it prints, line by
// line. Don't run it: `make ex` runs it and compares.

struct Product: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "Products"
    enum CodingKeys: String, CodingKey {
        case id = "ProductID"
        case name = "ProductName"
        case unitPrice = "UnitPrice"
    }
    var id: Int64
    var name: String
    var unitPrice: Double
}

func program(say: (String) -> Void) throws {
    let queue = try DatabaseQueue()
    try queue.write { db in
        try db.execute(
            sql: """
                CREATE TABLE Products (ProductID INTEGER PRIMARY KEY, ProductName TEXT NOT NULL, UnitPrice REAL NOT NULL);
                INSERT INTO Products VALUES (1, 'Chai', 18.0);
                """)
        guard var chai = try Product.fetchOne(db, key: 1) else { return }
        say("same price: \(try chai.updateChanges(db) { $0.unitPrice = 18 })")
        say("new price: \(try chai.updateChanges(db) { $0.unitPrice = 19 })")
        say("rows changed by the last statement: \(db.changesCount)")
        say("price now: \(try Double.fetchOne(db, sql: "SELECT UnitPrice FROM Products") ?? 0)")
        chai.name = "Chai tea"
        say("saved without asking: \(try Product.fetchOne(db, key: 1)?.name ?? "none")")
    }
}
