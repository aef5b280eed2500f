import CSQLite

// MARK: - Error paths on purpose

/// An SQL expression that fails when a row is stepped, not when the statement
/// is prepared: SQLite refuses to negate the smallest 64-bit integer
/// ("integer overflow"). A view that computes it for one row makes
/// sqlite3_step return SQLITE_ERROR there, so a check reaches the learner's
/// error path after some rows were read.
public let failsWhenStepped = "abs(-9223372036854775807 - 1)"

/// The statements a connection still holds (sqlite3_next_stmt walks those not
/// yet finalized), and how many of them are mid-step (stepped, never reset).
public func openStatements(_ db: OpaquePointer) -> (open: Int, busy: Int) {
    var open = 0
    var busy = 0
    var statement = sqlite3_next_stmt(db, nil)
    while let current = statement {
        open += 1
        if sqlite3_stmt_busy(current) != 0 { busy += 1 }
        statement = sqlite3_next_stmt(db, current)
    }
    return (open, busy)
}
