import Foundation

// MARK: - Column types, as SQLite decides them

/// SQLite's five type affinities ("Datatypes In SQLite", §3.1). A column's
/// declared type is free text; SQLite reduces it to one of these by looking
/// for substrings, in this order — so "FLOATING POINT" is INTEGER (it
/// contains "INT") and "STRING" is NUMERIC (it contains none of the words).
public enum Affinity: String, Sendable {
    case integer = "INTEGER"
    case text = "TEXT"
    case blob = "BLOB"
    case real = "REAL"
    case numeric = "NUMERIC"

    public init(declaredType: String) {
        let type = declaredType.uppercased()
        if type.contains("INT") {
            self = .integer
        } else if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") {
            self = .text
        } else if type.contains("BLOB") || type.trimmingCharacters(in: .whitespaces).isEmpty {
            self = .blob
        } else if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") {
            self = .real
        } else {
            self = .numeric
        }
    }
}

/// The Swift type a column gets, and a note when the choice is a guess.
public struct SwiftType: Equatable, Sendable {
    public var name: String
    /// Set when the declared type says too little. The generated file's
    /// header lists it, naming `table.column` and `name`: said once, where
    /// the type is, not as a build warning that a schema meaning it
    /// (Northwind's NUMERIC prices) would print on every build.
    public var note: String?

    /// The mapping: two declared types GRDB reads natively, then affinity.
    ///
    /// - BOOL, BOOLEAN → Bool; DATE, DATETIME, TIMESTAMP → Date. SQLite gives
    ///   these NUMERIC affinity, but the words say what the column means, and
    ///   GRDB reads `Date` from SQLite's text formats ('2016-07-04') and `Bool`
    ///   from 0 and 1.
    /// - INTEGER → Int64 (SQLite's integers are 64-bit), TEXT → String,
    ///   BLOB → Data, REAL → Double.
    /// - No declared type, or any other NUMERIC: a guess, with a note.
    public init(declaredType: String) {
        let base =
            declaredType.uppercased().split(separator: "(").first
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        switch base {
        case "BOOL", "BOOLEAN": self.init(name: "Bool")
        case "DATE", "DATETIME", "TIMESTAMP": self.init(name: "Date")
        default:
            switch Affinity(declaredType: declaredType) {
            case .integer: self.init(name: "Int64")
            case .text: self.init(name: "String")
            case .real: self.init(name: "Double")
            case .blob where base.isEmpty:
                self.init(name: "Data", note: "no declared type (BLOB affinity), so SQLite stores each value as given")
            case .blob: self.init(name: "Data")
            case .numeric:
                self.init(
                    name: "Double", note: "declared type \(declaredType) has NUMERIC affinity (integers and reals)")
            }
        }
    }

    public init(name: String, note: String? = nil) {
        self.name = name
        self.note = note
    }
}
