/// One way of presenting every error in the course:
///
///     could not add player "Blob"
///     result code: 19 SQLITE_CONSTRAINT (extended 787 SQLITE_CONSTRAINT_FOREIGNKEY)
///     message:     FOREIGN KEY constraint failed
///     sql:         INSERT INTO "players" ("name", "teamID") VALUES (?,?)
///
/// What failed, in the learner's words; then what SQLite said; then, when
/// there is one, what to do about it (`what to do:`).
public struct ErrorReport: Sendable, CustomStringConvertible {
    public var what: String
    public var resultCode: Int32?
    public var extendedResultCode: Int32?
    public var message: String
    public var sql: String?
    public var fix: String?

    /// A report with no SQLite details: bad input, a timeout, a network failure…
    public init(_ what: String, fix: String? = nil) {
        self.what = what
        self.message = ""
        self.fix = fix
    }

    /// A report of `error`, which happened while doing `what`.
    public init(_ what: String, error: any Error) {
        self.what = what
        switch error {
        case let error as any SQLiteErrorConvertible:
            let sqlite = error.sqliteError
            resultCode = sqlite.resultCode
            extendedResultCode = sqlite.extendedResultCode
            message = sqlite.message
            sql = sqlite.sql
        case let error as CourseError:
            // Already explained: keep its own words (and advice), add our context.
            let inner = error.report
            resultCode = inner.resultCode
            extendedResultCode = inner.extendedResultCode
            message = inner.what + (inner.resultCode == nil ? "" : ": " + inner.message)
            sql = inner.sql
            fix = inner.fix
        default:
            message = String(describing: error)
        }
    }

    public var lines: [String] {
        var lines = [what]
        if let code = resultCode {
            var codeLine = "result code: \(code) \(ResultCodeName.of(code))"
            if let extended = extendedResultCode, extended != code {
                codeLine += " (extended \(extended) \(ResultCodeName.of(extended)))"
            }
            lines.append(codeLine)
        }
        if !message.isEmpty { lines.append("message:     \(message)") }
        if let sql { lines.append("sql:         \(oneLine(sql))") }
        if let fix { lines.append("what to do:  \(fix)") }
        return lines
    }

    public var description: String { lines.joined(separator: "\n  ") }
}

/// SQL on one line, with runs of white space folded: errors and traces stay
/// one statement per line however the source laid the SQL out.
public func oneLine(_ sql: String) -> String {
    sql.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
}
