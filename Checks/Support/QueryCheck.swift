import Foundation

// MARK: - SQL exercises

/// One rule a SQL exercise's task states, and how to tell the rows break it.
/// A query check tries its rules in order: the first broken one names the
/// failure, so that two different wrong queries are told different things.
public struct QueryRule {
    /// What the failure says: the rule, and how the rows break it.
    public var broken: String
    /// Whether the learner's rows (first) keep the rule, given the expected rows (second).
    public var holds: (_ rows: [[String]], _ expected: [[String]]) -> Bool

    public init(_ broken: String, holds: @escaping (_ rows: [[String]], _ expected: [[String]]) -> Bool) {
        self.broken = broken
        self.holds = holds
    }

    /// As many columns as the expected rows have.
    public static func columns(_ broken: String) -> QueryRule {
        QueryRule(broken) { rows, expected in rows.allSatisfy { $0.count == expected.first?.count } }
    }

    /// The same rows, whatever their order.
    public static func sameRows(_ broken: String) -> QueryRule {
        QueryRule(broken) { rows, expected in
            rows.map { $0.joined(separator: "\u{1}") }.sorted()
                == expected.map { $0.joined(separator: "\u{1}") }.sorted()
        }
    }

    /// The same values of one column, whatever their order.
    public static func sameValues(column: Int, _ broken: String) -> QueryRule {
        QueryRule(broken) { rows, expected in
            rows.compactMap { $0.indices.contains(column) ? $0[column] : nil }.sorted()
                == expected.map { $0[column] }.sorted()
        }
    }
}

/// A SQL exercise: runs the learner's query.sql on `db` and compares its rows
/// (and their order) with `expected`, naming the first of `rules` they break.
/// `names`, where the task names the result columns: right rows under other
/// names fail too (an app reads a row's columns by name), compared as SQLite
/// compares names, ignoring the case of A–Z.
public func checkQuery(
    on db: ScratchDatabase, expected: [[String]], rules: [QueryRule] = [], names: [String]? = nil
) throws {
    let sql = try learnerText("query.sql", comment: "--")
    try expect(!sql.isEmpty, "query.sql", expected: "a SELECT statement", actual: "an empty file")
    let rows = try db.rows(sql)
    try expect(
        !rows.isEmpty || expected.isEmpty, "query.sql returns no rows", expected: table(expected),
        actual: "(no rows)", sql: sql)
    try expect(rows, equals: expected, "the rows of query.sql", rules: rules, sql: sql)
    if let names {
        let got = try db.columnNames(sql)
        try expect(
            got.map { $0.lowercased() } == names.map { $0.lowercased() },
            "the rows are right, but the task names the column\(names.count == 1 ? "" : "s") "
                + "\(names.joined(separator: ", ")): "
                + "name each with AS where SQLite would name it otherwise",
            expected: names.joined(separator: ", "), actual: got.joined(separator: ", "), sql: sql)
    }
}

/// Rows (of a query, or of what a learner's function returned, shown as text)
/// compared with `expected`: the failure names the first of `rules` they break,
/// else says `what` differs.
public func expect(
    _ rows: [[String]], equals expected: [[String]], _ what: String, rules: [QueryRule], sql: String? = nil
) throws {
    for rule in rules where !rule.holds(rows, expected) {
        throw CheckFailure(rule.broken, expected: table(expected), actual: table(rows), sql: sql)
    }
    try expect(rows, equals: expected, what, sql: sql)
}

/// The whole check of a SQL exercise: a fresh database made by `setup`, then
/// query.sql's rows compared with `expected`. `what` says what the query lists;
/// `rules`, in order, say which of the task's rules wrong rows break.
public func runQueryCheck(
    _ exercise: String, _ what: String, setup: String, expected: [[String]], rules: [QueryRule] = [],
    names: [String]? = nil
) -> Never {
    runCheck(
        exercise,
        [
            (
                what,
                {
                    let db = try ScratchDatabase()
                    try db.execute(setup)
                    try checkQuery(on: db, expected: expected, rules: rules, names: names)
                }
            )
        ])
}
