import Foundation

/// An error from the raw C API (steps 1 and 2), carrying what `sqlite3_errmsg`
/// and friends said at the moment of failure. `ErrorReport` presents it.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    public var resultCode: Int32  // primary code, e.g. 19
    public var extendedResultCode: Int32  // e.g. 787
    public var message: String  // sqlite3_errmsg
    public var sql: String?

    public init(resultCode: Int32, extendedResultCode: Int32, message: String, sql: String?) {
        self.resultCode = resultCode
        self.extendedResultCode = extendedResultCode
        self.message = message
        self.sql = sql
    }

    public var description: String { ErrorReport("SQLite error", error: self).description }
}

/// An error that knows what SQLite said: its codes, message and SQL.
///
/// `ErrorReport` shows every such error the same way. `SQLiteError` conforms
/// here; the CourseGRDB module makes GRDB's `DatabaseError` conform too, so this
/// module needs no GRDB (and step 1 builds without it).
public protocol SQLiteErrorConvertible: Error {
    var sqliteError: SQLiteError { get }
}

extension SQLiteError: SQLiteErrorConvertible {
    public var sqliteError: SQLiteError { self }
}
