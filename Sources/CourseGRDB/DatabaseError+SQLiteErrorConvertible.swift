import CourseCore
import GRDB

/// GRDB's errors carry what SQLite said, as the C API's `SQLiteError` does:
/// with this conformance, `ErrorReport` presents both the same way.
///
///     could not add player "Blob"
///     result code: 19 SQLITE_CONSTRAINT (extended 787 SQLITE_CONSTRAINT_FOREIGNKEY)
///     message:     FOREIGN KEY constraint failed
///     sql:         INSERT INTO "players" ("name", "teamID") VALUES (?,?)
extension DatabaseError: SQLiteErrorConvertible {
    public var sqliteError: SQLiteError {
        SQLiteError(
            resultCode: resultCode.rawValue,
            extendedResultCode: extendedResultCode.rawValue,
            // GRDB leaves the message out when SQLite gave none: say what the code means.
            message: message ?? ResultCodeName.description(extendedResultCode.rawValue),
            sql: sql)
    }
}
