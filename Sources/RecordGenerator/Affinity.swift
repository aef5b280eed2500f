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

/// The Swift type a column gets, how the generated record reads it, and a
/// note when the choice is a guess.
public struct SwiftType: Equatable, Sendable {
    public var name: String
    /// How the generated `init(row:)` reads the column.
    public var read: Read
    /// Set when the declared type says too little. The generated file's
    /// header lists it, naming `table.column` and `name`: said once, where
    /// the type is, not as a build warning that a schema meaning it
    /// (Northwind's NUMERIC prices) would print on every build.
    public var note: String?

    /// How a column's value becomes the property's.
    public enum Read: Equatable, Sendable {
        /// As GRDB reads it: the value cannot be anything the type does not
        /// hold (a STRICT table's column, or `DatabaseValue`, which holds all).
        case asIs
        /// Checked: the value must be one the type holds and writes back
        /// unchanged, same storage class and bytes; otherwise the read fails,
        /// naming the table, column and value. An ordinary table's column may
        /// hold any value whatever its declared type ('abc' in an INTEGER
        /// column), and GRDB would read that text as 0.
        case exact
        /// Checked as `exact`, but an integer may become a Double: the column
        /// has NUMERIC affinity, which stores a real that is a whole number
        /// (18.0) as the integer it was (18).
        case numeric
    }

    /// The mapping.
    ///
    /// - A STRICT table: its declared types are exact (SQLite refuses any
    ///   other value): INT, INTEGER → Int64, REAL → Double, TEXT → String,
    ///   BLOB → Data, and ANY → DatabaseValue, which holds any SQLite value.
    /// - Otherwise, by the declared type's words, then by affinity, each read
    ///   `exact`:
    ///   BOOL, BOOLEAN → Bool (0 and 1 only); DATE, DATETIME, TIMESTAMP →
    ///   String, the text as SQLite's date functions write it ('2016-07-04'):
    ///   GRDB's `Date` would write it back in GRDB's own format
    ///   ('2016-07-04 00:00:00.000'); INTEGER → Int64 (SQLite's integers are
    ///   64-bit), TEXT → String, BLOB → Data, REAL → Double.
    /// - ANY, or no declared type: DatabaseValue, read as it is, with a note.
    /// - Any other NUMERIC: Double, read `numeric`, with a note.
    public init(declaredType: String, strict: Bool = false) {
        let base =
            declaredType.uppercased().split(separator: "(").first
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        if strict {
            switch base {
            case "INT", "INTEGER": self.init(name: "Int64", read: .asIs)
            case "REAL": self.init(name: "Double", read: .asIs)
            case "TEXT": self.init(name: "String", read: .asIs)
            case "BLOB": self.init(name: "Data", read: .asIs)
            default: self.init(name: "DatabaseValue", read: .asIs)  // ANY: SQLite keeps any value as given
            }
            return
        }
        switch base {
        case "BOOL", "BOOLEAN": self.init(name: "Bool", read: .exact)
        case "DATE", "DATETIME", "TIMESTAMP": self.init(name: "String", read: .exact)
        case "ANY":
            self.init(
                name: "DatabaseValue", read: .asIs,
                note: "declared type ANY (NUMERIC affinity outside a STRICT table), so any value")
        case "":
            self.init(
                name: "DatabaseValue", read: .asIs, note: "no declared type, so SQLite stores each value as given")
        default:
            switch Affinity(declaredType: declaredType) {
            case .integer: self.init(name: "Int64", read: .exact)
            case .text: self.init(name: "String", read: .exact)
            case .real: self.init(name: "Double", read: .exact)
            case .blob: self.init(name: "Data", read: .exact)
            case .numeric:
                self.init(
                    name: "Double", read: .numeric,
                    note: "declared type \(declaredType) has NUMERIC affinity (integers and reals)")
            }
        }
    }

    public init(name: String, read: Read = .exact, note: String? = nil) {
        self.name = name
        self.read = read
        self.note = note
    }
}
