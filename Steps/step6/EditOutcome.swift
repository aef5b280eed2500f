/// What `edit` did.
enum EditOutcome: Equatable {
    case unchanged
    case dryRun([ColumnChange])
    /// `rowsWritten` is SQLite's own count of rows the UPDATEs changed, not
    /// counting what triggers changed (sqlite3_changes after each one).
    case saved([ColumnChange], rowsWritten: Int)
}

/// The outcome as lines of text.
func outcomeLines(_ outcome: EditOutcome, indent: String = "  ") -> [String] {
    switch outcome {
    case .unchanged:
        return ["No changes: the edited product equals its snapshot, so nothing was written."]
    case .dryRun(let changes):
        return changes.map { indent + "\($0)" } + ["Dry run: the UPDATEs ran and were rolled back: nothing saved."]
    case .saved(let changes, let rows):
        return changes.map { indent + "\($0)" } + [
            "Saved in one transaction: \(rows) row\(rows == 1 ? "" : "s") written."
        ]
    }
}
