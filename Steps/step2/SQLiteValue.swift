import Foundation

/// A value as the C API reads and writes it: one of SQLite's five storage
/// classes (https://www.sqlite.org/datatype3.html), NULL included.
enum SQLiteValue: Equatable, Sendable, CustomStringConvertible {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)  // bytes, kept as they are: a zero byte is data, not an end

    var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let value): value
        // As SQL writes a blob literal: X'42006C6F62'.
        case .blob(let bytes): "X'" + bytes.map { String(format: "%02X", $0) }.joined() + "'"
        }
    }
}
