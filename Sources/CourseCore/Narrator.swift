import Foundation

/// Every step prints through one `Narrator`, so that all tours read alike:
///
///     Step 1 · The raw SQLite C API
///     =============================
///
///     ── Open a database ──
///     1. Open db/step1-tour.sqlite with sqlite3_open_v2
///        → SQLITE_OK (0): the file now exists
///
/// Actions are numbered across the whole tour, so a learner can say
/// "at action 7 I see something different" and an instructor can find it.
public final class Narrator: @unchecked Sendable {
    // @unchecked: the only mutable state is `actionNumber`, guarded by `lock`.
    // GRDB calls the trace hook from its own dispatch queue, hence the lock.
    private let lock = NSLock()
    private var actionNumber = 0
    private let write: @Sendable (String) -> Void

    public init(write: @escaping @Sendable (String) -> Void = { print($0) }) {
        self.write = write
    }

    private func emit(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        write(text)
    }

    /// The title of a tour, underlined.
    public func title(_ text: String) {
        emit(text)
        emit(String(repeating: "=", count: text.count))
    }

    /// A group of related actions.
    public func section(_ text: String) {
        emit("")
        emit("── \(text) ──")
    }

    /// Something the program is about to do; numbered.
    public func action(_ text: String) {
        lock.lock()
        actionNumber += 1
        let number = actionNumber
        lock.unlock()
        emit("\(number). \(text)")
    }

    /// What an action produced.
    public func result(_ text: String) {
        emit("   → \(text)")
    }

    /// An explanation: why the result is what it is.
    public func note(_ text: String) {
        emit("   · \(text)")
    }

    /// A plain line, for lists and subcommand output.
    public func line(_ text: String = "") {
        emit(text)
    }

    /// An error the tour provokes on purpose: shown, and the tour goes on.
    public func expectedError(_ report: ErrorReport) {
        for (index, line) in report.lines.enumerated() {
            emit((index == 0 ? "   ✗ " : "     ") + line)
        }
    }

    /// One SQL statement, as printed by `--trace`: on one line, long values shortened (TraceLiterals).
    public func trace(_ sql: String) {
        emit("   SQL> \(oneLine(TraceLiterals.shortened(sql)))")
    }

    /// Rows as an aligned table. `nil` cells print as NULL, like the sqlite3 CLI's `.nullvalue NULL`.
    public func table(_ headers: [String], _ rows: [[String?]], indent: String = "   ") {
        for line in TextTable(headers: headers, rows: rows).lines {
            emit(indent + line)
        }
    }
}

/// Column-aligned text, used by `Narrator.table`. Separate so tests can check it directly.
public struct TextTable: Sendable {
    public var headers: [String]
    public var rows: [[String?]]

    public init(headers: [String], rows: [[String?]]) {
        self.headers = headers
        self.rows = rows
    }

    public var lines: [String] {
        let cells = rows.map { row in row.map { $0 ?? "NULL" } }
        var widths = headers.map(\.count)
        for row in cells {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], cell.count)
            }
        }
        func format(_ row: [String]) -> String {
            row.enumerated()
                .map { column, cell in
                    column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                }
                .joined(separator: "  ")
        }
        var lines = [format(headers), format(widths.map { String(repeating: "-", count: $0) })]
        lines += cells.map(format)
        if rows.isEmpty { lines.append("(no rows)") }
        return lines
    }
}
