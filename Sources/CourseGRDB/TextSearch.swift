import GRDB

// The search of steps 6 and 7: Swift's case folding, SQLite's plain substring.

// [docs:contains]
extension SQLSpecificExpressible {
    /// True where this text contains `text`, ignoring case for every letter,
    /// as Swift's `contains(_:caseInsensitive:)` would say:
    ///
    ///     instr(swiftLowercaseString(column), ?) > 0    -- ? is text.lowercased()
    ///
    /// - `instr` finds a plain substring: no wildcards, so `%`, `_`, `\` and
    ///   quotes are just characters (and the text is bound, never pasted).
    /// - `swiftLowercaseString` is Swift's `lowercased()`, which GRDB registers
    ///   on every connection. SQLite's own `lower()`, `LIKE` and `NOCASE`
    ///   fold A–Z only: for them "ÉLAN" and "élan" differ.
    public func containsIgnoringCase(_ text: String) -> SQLExpression {
        SQL("instr(\(lowercased), \(text.lowercased())) > 0").sqlExpression
    }
}
// [/docs:contains]
