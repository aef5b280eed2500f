import Foundation
import GRDB

/// An error from the raw C API (steps 1 and 2), carrying what `sqlite3_errmsg`
/// and friends said at the moment of failure. GRDB's `DatabaseError` plays the
/// same role for GRDB code; `ErrorReport` presents both the same way.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    public var resultCode: Int32        // primary code, e.g. 19
    public var extendedResultCode: Int32 // e.g. 787
    public var message: String          // sqlite3_errmsg
    public var sql: String?

    public init(resultCode: Int32, extendedResultCode: Int32, message: String, sql: String?) {
        self.resultCode = resultCode
        self.extendedResultCode = extendedResultCode
        self.message = message
        self.sql = sql
    }

    public var description: String { ErrorReport("SQLite error", error: self).description }
}

/// One way of presenting every error in the course:
///
///     could not add player "Blob"
///     result code: 19 SQLITE_CONSTRAINT (extended 787 SQLITE_CONSTRAINT_FOREIGNKEY)
///     message:     FOREIGN KEY constraint failed
///     sql:         INSERT INTO "players" ("name", "teamID") VALUES (?,?)
///
/// What failed, in the learner's words; then what SQLite said.
public struct ErrorReport: Sendable, CustomStringConvertible {
    public var what: String
    public var resultCode: Int32?
    public var extendedResultCode: Int32?
    public var message: String
    public var sql: String?

    public init(_ what: String, error: any Error) {
        self.what = what
        switch error {
        case let error as DatabaseError:
            resultCode = error.resultCode.rawValue
            extendedResultCode = error.extendedResultCode.rawValue
            message = error.message ?? ResultCodeName.description(error.extendedResultCode.rawValue)
            sql = error.sql
        case let error as SQLiteError:
            resultCode = error.resultCode
            extendedResultCode = error.extendedResultCode
            message = error.message
            sql = error.sql
        case let error as CourseError:
            // Already explained: keep its own words, add our context.
            let inner = error.report
            resultCode = inner.resultCode
            extendedResultCode = inner.extendedResultCode
            message = inner.what + (inner.resultCode == nil ? "" : ": " + inner.message)
            sql = inner.sql
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
        return lines
    }

    public var description: String { lines.joined(separator: "\n  ") }
}

/// The error a subcommand throws when it gives up. ArgumentParser prints a
/// thrown error's `description` after "Error: " on standard error and exits
/// with status 1, so the learner sees the full report and scripts see failure.
public struct CourseError: Error, CustomStringConvertible, Sendable {
    public var report: ErrorReport

    /// Bad input, such as an unknown id: nothing to do with SQLite.
    public static func input(_ message: String) -> CourseError {
        CourseError(report: ErrorReport(message, error: Plain()))
    }

    private struct Plain: Error, CustomStringConvertible { var description: String { "" } }

    public init(report: ErrorReport) { self.report = report }

    public var description: String {
        report.resultCode == nil && report.message.isEmpty ? report.what : report.description
    }
}

/// Runs `body`; if it throws, wraps the error in a `CourseError` that says
/// what was being attempted. The usual shape of a subcommand:
///
///     try attempt("add player \"\(name)\"") {
///         try database.write { db in try player.insert(db) }
///     }
@discardableResult
public func attempt<T>(_ what: String, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as CourseError {
        throw error
    } catch {
        throw CourseError(report: ErrorReport("could not \(what)", error: error))
    }
}

/// The async twin of `attempt`.
@discardableResult
public func attempt<T>(_ what: String, _ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as CourseError {
        throw error
    } catch {
        throw CourseError(report: ErrorReport("could not \(what)", error: error))
    }
}

/// SQL on one line, with runs of white space folded: errors and traces stay
/// one statement per line however the source laid the SQL out.
public func oneLine(_ sql: String) -> String {
    sql.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
}
