import ExerciseSupport

let setup = """
    CREATE VIRTUAL TABLE product_fts USING fts5(product, tokenize = 'unicode61 remove_diacritics 2');
    INSERT INTO product_fts (product) VALUES
      ('Smoked Trout'), ('Hot-Smoked Mackerel Fillets in Oil'), ('Unsmoked Back Bacon'),
      ('Smoked Sea Salt, Smoked Twice'), ('Earl Grey Tea'), ('Rye Bread'), ('Fig Jam'), ('Oat Biscuits');
    """
/// Best first: the name that says "smoked" twice, then the short one, then the long one.
let expected = [["Smoked Sea Salt, Smoked Twice"], ["Smoked Trout"], ["Hot-Smoked Mackerel Fillets in Oil"]]

func learnerRows() throws -> (rows: [[String]], sql: String) {
    let db = try ScratchDatabase()
    try db.execute(setup)
    let sql = try learnerText("query.sql", comment: "--")
    try expect(!sql.isEmpty, "query.sql", expected: "a SELECT statement", actual: "an empty file")
    return (try learnerCode("query.sql", sql: sql) { try db.rows(sql) }, sql)
}

runCheck(
    "s10-match-sql",
    [
        (
            "the word smoked, found by the index (MATCH), not a substring: Unsmoked Back Bacon is no match",
            {
                let (rows, sql) = try learnerRows()
                let byName = { (rows: [[String]]) in rows.sorted { $0.joined() < $1.joined() } }
                try expect(byName(rows), equals: byName(expected), "the products of query.sql (by name)", sql: sql)
            }
        ),
        (
            "best first: ORDER BY bm25(product_fts), whose lowest score is the best match",
            {
                let (rows, sql) = try learnerRows()
                try expect(rows, equals: expected, "the order of query.sql's rows", sql: sql)
            }
        ),
    ])
