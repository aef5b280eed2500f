import ExerciseSupport
import GRDB

@testable import Exercise_s6_literal_like

let setup = """
    CREATE TABLE Products (ProductID INTEGER PRIMARY KEY, ProductName TEXT NOT NULL);
    INSERT INTO Products (ProductName) VALUES
      ('100% Juice'), ('1000 Teas'), ('Pure_Water'), ('PureXWater'), ('Chai'), ('Back\\Slash'), ('Backslash');
    """

func search(_ text: String) throws -> [String] {
    let queue = try DatabaseQueue()
    try queue.write { db in try db.execute(sql: setup) }
    return try queue.read { db in
        try learnerCode("searchProducts(db, matching: \"\(text)\")") { try searchProducts(db, matching: text) }
    }
}

runCheck(
    "s6-literal-like",
    [
        (
            "finds a name part, ignoring case",
            {
                try expect(try search("chai"), equals: ["Chai"], "search for \"chai\"", sql: setup)
                try expect(
                    try search("water"), equals: ["PureXWater", "Pure_Water"], "search for \"water\" (ordered by name)",
                    sql: setup)
            }
        ),
        (
            "% is just a percent sign",
            {
                try expect(try search("100%"), equals: ["100% Juice"], "search for \"100%\"", sql: setup)
            }
        ),
        (
            "_ is just an underscore",
            {
                try expect(try search("e_w"), equals: ["Pure_Water"], "search for \"e_w\"", sql: setup)
            }
        ),
        (
            "a backslash is just a backslash",
            {
                try expect(try search("k\\s"), equals: ["Back\\Slash"], "search for \"k\\s\"", sql: setup)
            }
        ),
    ])
