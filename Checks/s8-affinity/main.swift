import ExerciseSupport

@testable import Exercise_s8_affinity

// SQLite is the judge: CAST(x AS <declared type>) converts by the affinity of
// that type, with the same §3.1 rules as a column. Two casts tell all five
// apart: '1.5' stays text (TEXT), becomes a blob (BLOB), 1 (INTEGER) or 1.5
// (REAL, NUMERIC); '2' becomes 2.0 under REAL but 2 under NUMERIC.
// A type CAST cannot spell (no declared type) is §3.1's rule 3: BLOB.
func sqliteAffinity(of declaredType: String, in db: ScratchDatabase) throws -> (String, sql: String) {
    let sql = "SELECT typeof(CAST('1.5' AS \(declaredType))), typeof(CAST('2' AS \(declaredType)))"
    if declaredType.isEmpty { return ("BLOB", "CREATE TABLE t (c) -- no declared type: §3.1, rule 3") }
    switch try db.rows(sql).first ?? [] {
    case ["integer", "integer"]: return ("INTEGER", sql)
    case ["text", "text"]: return ("TEXT", sql)
    case ["blob", "blob"]: return ("BLOB", sql)
    case ["real", "real"]: return ("REAL", sql)
    case ["real", "integer"]: return ("NUMERIC", sql)
    case let answer:
        throw CheckFailure("SQLite's casts", expected: "one of five answers", actual: "\(answer)", sql: sql)
    }
}

func checkAffinities(_ declaredTypes: [String]) throws {
    let db = try ScratchDatabase()
    for declaredType in declaredTypes {
        let (expected, sql) = try sqliteAffinity(of: declaredType, in: db)
        let actual = try learnerCode("affinity(declaredType: \"\(declaredType)\")") {
            affinity(declaredType: declaredType).rawValue
        }
        try expect(
            actual, equals: expected,
            "the affinity of a column declared \"\(declaredType)\" (substrings, whatever the case, first rule wins)",
            sql: sql)
    }
}

// edge(empty, no-type-is-numeric): a column declared with no type: BLOB
// edge(case-and-accents, case-sensitive): "int" in small letters: INTEGER
// edge(boundary, rules-out-of-order): "FLOATING POINT": INT inside POINT, the first rule wins
runCheck(
    "s8-affinity",
    [
        ("the five affinities' own names", { try checkAffinities(["INTEGER", "TEXT", "BLOB", "REAL", "NUMERIC"]) }),
        (
            "declared types as schemas write them",
            {
                try checkAffinities([
                    "BIGINT", "int", "UNSIGNED BIG INT", "VARCHAR(20)", "NATIVE CHARACTER(70)", "Text", "CLOB", "",
                    "DOUBLE PRECISION", "FLOAT", "DECIMAL(10,2)", "BOOLEAN", "DATETIME", "MONEY",
                ])
            }
        ),
        (
            "where the order of the rules decides",
            { try checkAffinities(["FLOATING POINT", "POINT", "CHARINT", "BLOBTEXT", "REAL BLOB", "STRING"]) }
        ),
        (
            "the Swift types the generator derives",
            {
                for (declaredType, expected) in [("VARCHAR(20)", "String"), ("", "Data"), ("FLOATING POINT", "Int64")] {
                    try expect(
                        swiftType(declaredType: declaredType), equals: expected,
                        "swiftType(declaredType: \"\(declaredType)\")")
                }
            }
        ),
    ])
