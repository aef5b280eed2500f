import GRDB

/// One column that an edit changes, as SQLite sees the values.
struct ColumnChange: Equatable, CustomStringConvertible {
    var table: String
    var column: String
    var old: DatabaseValue
    var new: DatabaseValue

    var description: String { "\(table).\(column): \(old) → \(new)" }
}

/// The columns where `edited` differs from `snapshot`, in column-name order.
/// `databaseChanges(from:)` compares the two records as SQLite would store them.
func columnChanges<Record: EncodableRecord & TableRecord>(from snapshot: Record, to edited: Record) throws
    -> [ColumnChange]
{
    let new = try edited.databaseDictionary
    return try edited.databaseChanges(from: snapshot)
        .map { column, old in
            ColumnChange(table: Record.databaseTableName, column: column, old: old, new: new[column] ?? .null)
        }
        .sorted { $0.column < $1.column }
}
