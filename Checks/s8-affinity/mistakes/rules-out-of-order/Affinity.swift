import Foundation

// Exercise s8-affinity · write the code · chapter 8, "Types: SQLite's affinity, then Swift's"
//
// A column's declared type is free text: `VARCHAR(20)`, `BIGINT`, `DOUBLE
// PRECISION`, `MONEY`, or nothing at all. SQLite reduces it to one of five
// affinities by looking for substrings, in a fixed order ("Datatypes In
// SQLite", §3.1). Write `affinity(declaredType:)` by those rules: the check
// asks SQLite itself about each declared type of a table and compares.
// `swiftType(declaredType:)`, below it, is the generator's next step: done.

enum Affinity: String {
    case integer = "INTEGER"
    case text = "TEXT"
    case blob = "BLOB"
    case real = "REAL"
    case numeric = "NUMERIC"
}

func affinity(declaredType: String) -> Affinity {
    // Substrings, whatever the case, and the first rule that matches wins:
    // "FLOATING POINT" contains INT, so it is an INTEGER column.
    let type = declaredType.uppercased()
    func has(_ words: String...) -> Bool { words.contains { type.contains($0) } }
    if has("CHAR", "CLOB", "TEXT") { return .text }
    if has("BLOB") || type.allSatisfy(\.isWhitespace) { return .blob }
    if has("REAL", "FLOA", "DOUB") { return .real }
    if has("INT") { return .integer }
    return .numeric
}

/// The Swift type the generator gives a column of this declared type.
func swiftType(declaredType: String) -> String {
    switch affinity(declaredType: declaredType) {
    case .integer: "Int64"
    case .text: "String"
    case .blob: "Data"
    case .real, .numeric: "Double"
    }
}
