import EditorText
import Foundation

// MARK: - Failures

/// Why a check failed, in the three parts a learner needs: what the check
/// expected, what happened, and the SQL involved.
public struct CheckFailure: Error, CustomStringConvertible {
    public var what: String
    public var expected: String
    public var actual: String
    public var sql: String?

    public init(_ what: String, expected: String, actual: String, sql: String? = nil) {
        self.what = what
        self.expected = expected
        self.actual = actual
        self.sql = sql
    }

    public var description: String {
        var lines = [what, "  expected: " + indented(expected), "  got:      " + indented(actual)]
        if let sql { lines.append("  SQL:      " + indented(sql)) }
        return lines.joined(separator: "\n")
    }

    private func indented(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: "\n            ")
    }
}

// MARK: - Expectations

/// Fails with "expected … got …" when `actual` differs from `expected`.
public func expect<T: Equatable>(
    _ actual: T, equals expected: T, _ what: String, sql: String? = nil
) throws {
    guard actual != expected else { return }
    throw CheckFailure(what, expected: show(expected), actual: show(actual), sql: sql)
}

/// Fails unless `condition` holds.
public func expect(_ condition: Bool, _ what: String, expected: String, actual: String, sql: String? = nil) throws {
    guard !condition else { return }
    throw CheckFailure(what, expected: expected, actual: actual, sql: sql)
}

/// Rules that the learner fixes independently of each other (two functions,
/// two triggers): every one is tried, and the failure names each rule that
/// broke, so that code breaking both is told of both, and code breaking one
/// of them is told which, in words that differ.
public func expectEach(_ rules: [(rule: String, test: () throws -> Void)]) throws {
    var broken: [(rule: String, failure: CheckFailure)] = []
    for (rule, test) in rules {
        do {
            try test()
        } catch let failure as CheckFailure {
            broken.append((rule, failure))
        }
    }
    guard let first = broken.first else { return }
    guard broken.count > 1 else {
        throw CheckFailure(
            "\(first.rule): \(first.failure.what)", expected: first.failure.expected, actual: first.failure.actual,
            sql: first.failure.sql)
    }
    let each = { (part: (CheckFailure) -> String) in
        broken.map { "\($0.failure.what): \(part($0.failure))" }.joined(separator: "\n")
    }
    throw CheckFailure(
        "\(broken.count) rules broken: " + broken.map(\.rule).joined(separator: "; and "),
        expected: each(\.expected), actual: each(\.actual),
        sql: broken.compactMap(\.failure.sql).first)
}

/// Runs the learner's code: an error it throws becomes a failure that says
/// which call threw and what SQLite (or GRDB) said.
public func learnerCode<T>(_ call: String, sql: String? = nil, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let failure as CheckFailure {
        throw failure
    } catch {
        throw CheckFailure("\(call) threw an error", expected: "no error", actual: "\(error)", sql: sql)
    }
}

/// Runs the learner's code that must throw: returns the error. `call` is the
/// sentence's subject: "saveEdit(…), refused by CHECK (…)," + "returned normally instead of throwing".
public func learnerCodeThrows(_ call: String, sql: String? = nil, _ body: () throws -> Void) throws -> Error {
    do {
        try body()
    } catch {
        return error
    }
    throw CheckFailure(
        "\(call) returned normally instead of throwing", expected: "an error", actual: "no error", sql: sql)
}

/// Fails like `expect(_:equals:)`, showing the values as Swift code writes
/// them (`swiftLiteral`): for a Swift function's result, not a column's.
public func expectSwift<T: Equatable>(_ actual: T, equals expected: T, _ what: String, sql: String? = nil) throws {
    guard actual != expected else { return }
    throw CheckFailure(what, expected: swiftLiteral(expected), actual: swiftLiteral(actual), sql: sql)
}

/// A Swift value as Swift code writes it: `nil`, a string as its literal
/// (`"\"kestrel\"*"`, quotes escaped), an array in brackets.
public func swiftLiteral<T>(_ value: T) -> String {
    if let optional = value as? OptionalProtocol { return optional.swiftShown }
    if let array = value as? [Any] { return "[" + array.map { swiftLiteral($0) }.joined(separator: ", ") + "]" }
    return String(reflecting: value)
}

/// A value as a learner reads it: strings quoted, nil as NULL.
public func show<T>(_ value: T) -> String {
    if let optional = value as? OptionalProtocol { return optional.shown }
    if let string = value as? String { return "\"\(string)\"" }
    if let array = value as? [Any], array.isEmpty { return "[] (nothing)" }
    if let rows = value as? [[String]] { return table(rows) }
    if let array = value as? [Any] { return "[" + array.map { show($0) }.joined(separator: ", ") + "]" }
    return "\(value)"
}

/// Rows as aligned text, one row a line.
public func table(_ rows: [[String]]) -> String {
    if rows.isEmpty { return "(no rows)" }
    // A zero byte in a text prints as nothing: show it.
    let rows = rows.map { $0.map { $0.replacingOccurrences(of: "\u{0}", with: "\\0") } }
    let widths = (0..<(rows.map(\.count).max() ?? 0)).map { column in
        rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
    }
    return rows.map { row in
        row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
            .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
    }.joined(separator: "\n")
}

protocol OptionalProtocol {
    var shown: String { get }
    var swiftShown: String { get }
}
extension Optional: OptionalProtocol {
    var swiftShown: String {
        switch self {
        case .none: "nil"
        case .some(let wrapped): swiftLiteral(wrapped)
        }
    }

    var shown: String {
        switch self {
        case .none: "NULL"
        case .some(let wrapped): show(wrapped)
        }
    }
}

// MARK: - Running

/// The entry point of every check: runs the named parts in order, stops at
/// the first failure, prints what passed and why the failure failed, and
/// exits 0 (passed) or 1 (failed), which the `course` runner reads. `passed`
/// runs before the last line of a pass.
public func runCheck(
    _ exercise: String, _ parts: [(String, () throws -> Void)], passed: () -> Void = {}
) -> Never {
    for (name, part) in parts {
        do {
            try part()
            print("✓ \(name)")
        } catch let failure as CheckFailure {
            print("✗ \(name): \(failure)")
            exit(1)
        } catch {
            print("✗ \(name): the check could not run: \(error)")
            exit(1)
        }
    }
    passed()
    print("\(exercise) passes.")
    exit(0)
}

// MARK: - The learner's files

/// The folder of the exercise being checked (Exercises/<id> or Solutions/<id>),
/// passed by the runner in COURSE_EXERCISE_DIR (docs/environment-switches.md).
public var exerciseFolder: URL {
    URL(fileURLWithPath: ProcessInfo.processInfo.environment["COURSE_EXERCISE_DIR"] ?? ".")
}

/// A learner's text file (query.sql, prediction.txt) without its comment
/// lines (`--` in SQL, `#` in predictions) and surrounding blank lines, read
/// the same however the learner's editor saved it (see `editorNeutral`).
public func learnerText(_ name: String, comment: String) throws -> String {
    try learnerLines(name, comment: comment).map(\.text).joined(separator: "\n")
        .trimmingCharacters(in: .whitespacesAndNewlines)
}

/// The same lines, each with its number in the file as the learner's editor
/// shows it (comment lines and the blank lines around the text left out, blank
/// lines inside it kept): what a message about a line names.
public func learnerLines(_ name: String, comment: String) throws -> [(number: Int, text: String)] {
    let url = exerciseFolder.appendingPathComponent(name)
    guard let data = try? Data(contentsOf: url) else {
        throw CheckFailure("reading \(name)", expected: "the file \(url.path)", actual: "no such file")
    }
    guard let text = editorNeutral(data) else {
        throw CheckFailure("reading \(name)", expected: "text in UTF-8", actual: "bytes that are not UTF-8")
    }
    let lines = text.components(separatedBy: "\n").enumerated()
        .map { (number: $0.offset + 1, text: $0.element) }
        .filter { !$0.text.trimmingCharacters(in: .whitespaces).hasPrefix(comment) }
    let blank = { (line: (number: Int, text: String)) in line.text.trimmingCharacters(in: .whitespaces).isEmpty }
    return Array(lines.drop(while: blank).reversed().drop(while: blank).reversed())
}
