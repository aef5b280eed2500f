import GRDB

// Exercise s6-literal-like · write the code · chapter 6, "List and search"
//
// Table: Products (ProductID INTEGER PRIMARY KEY, ProductName TEXT NOT NULL, …)
// Write `searchProducts`: the names of the products whose name contains
// `text`, ignoring the case of A–Z, ordered by name. With LIKE, and with `%`
// and `_` in the text meaning just themselves: a search for "100%" must not
// find "1000 Teas". (Step 6 itself avoids LIKE with instr(); here, LIKE is
// the lesson.)

func searchProducts(_ db: Database, matching text: String) throws -> [String] {
    // Any character can be the escape: here `!`, escaped first like the wildcards.
    var escaped = ""
    for character in text {
        if "%_".contains(character) { escaped.append("!") }
        escaped.append(character)
    }
    return try String.fetchAll(
        db,
        sql: """
            SELECT p.ProductName AS name FROM Products AS p
            WHERE p.ProductName LIKE :pattern ESCAPE '!'
            ORDER BY name
            """, arguments: ["pattern": "%\(escaped)%"])
}
