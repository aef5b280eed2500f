import CSQLite

/// SQLite reports failures as numbers: a primary result code (19) and an
/// extended code that says more (787 = 19 + 3<<8, a foreign key failed).
/// Numbers alone are hard to act on, so errors in this course print the
/// constant's name too. See https://www.sqlite.org/rescode.html
public enum ResultCodeName {
    /// "SQLITE_CONSTRAINT_FOREIGNKEY" for 787; "SQLITE_CONSTRAINT" for 19.
    public static func of(_ code: Int32) -> String {
        if let name = names[code] { return name }
        // An extended code we don't list: name its primary code.
        if let primary = names[code & 0xFF], code > 0xFF { return "\(primary) (extended)" }
        return "unknown code"
    }

    /// SQLite's own short English description, e.g. "constraint failed".
    public static func description(_ code: Int32) -> String {
        String(cString: sqlite3_errstr(code))
    }

    private static let names: [Int32: String] = [
        SQLITE_OK: "SQLITE_OK",
        SQLITE_ERROR: "SQLITE_ERROR",
        SQLITE_INTERNAL: "SQLITE_INTERNAL",
        SQLITE_PERM: "SQLITE_PERM",
        SQLITE_ABORT: "SQLITE_ABORT",
        SQLITE_BUSY: "SQLITE_BUSY",
        SQLITE_LOCKED: "SQLITE_LOCKED",
        SQLITE_NOMEM: "SQLITE_NOMEM",
        SQLITE_READONLY: "SQLITE_READONLY",
        SQLITE_INTERRUPT: "SQLITE_INTERRUPT",
        SQLITE_IOERR: "SQLITE_IOERR",
        SQLITE_CORRUPT: "SQLITE_CORRUPT",
        SQLITE_NOTFOUND: "SQLITE_NOTFOUND",
        SQLITE_FULL: "SQLITE_FULL",
        SQLITE_CANTOPEN: "SQLITE_CANTOPEN",
        SQLITE_PROTOCOL: "SQLITE_PROTOCOL",
        SQLITE_SCHEMA: "SQLITE_SCHEMA",
        SQLITE_TOOBIG: "SQLITE_TOOBIG",
        SQLITE_CONSTRAINT: "SQLITE_CONSTRAINT",
        SQLITE_MISMATCH: "SQLITE_MISMATCH",
        SQLITE_MISUSE: "SQLITE_MISUSE",
        SQLITE_RANGE: "SQLITE_RANGE",
        SQLITE_NOTADB: "SQLITE_NOTADB",
        SQLITE_ROW: "SQLITE_ROW",
        SQLITE_DONE: "SQLITE_DONE",
        // Extended codes a learner meets in this course.
        1 | (1 << 8): "SQLITE_ERROR_MISSING_COLLSEQ",
        14 | (1 << 8): "SQLITE_CANTOPEN_NOTEMPDIR",
        14 | (2 << 8): "SQLITE_CANTOPEN_ISDIR",
        5 | (1 << 8): "SQLITE_BUSY_RECOVERY",
        5 | (2 << 8): "SQLITE_BUSY_SNAPSHOT",
        11 | (1 << 8): "SQLITE_CORRUPT_VTAB",
        8 | (1 << 8): "SQLITE_READONLY_RECOVERY",
        8 | (6 << 8): "SQLITE_READONLY_DIRECTORY",
        19 | (1 << 8): "SQLITE_CONSTRAINT_CHECK",
        19 | (2 << 8): "SQLITE_CONSTRAINT_COMMITHOOK",
        19 | (3 << 8): "SQLITE_CONSTRAINT_FOREIGNKEY",
        19 | (4 << 8): "SQLITE_CONSTRAINT_FUNCTION",
        19 | (5 << 8): "SQLITE_CONSTRAINT_NOTNULL",
        19 | (6 << 8): "SQLITE_CONSTRAINT_PRIMARYKEY",
        19 | (7 << 8): "SQLITE_CONSTRAINT_TRIGGER",
        19 | (8 << 8): "SQLITE_CONSTRAINT_UNIQUE",
        19 | (9 << 8): "SQLITE_CONSTRAINT_VTAB",
        19 | (10 << 8): "SQLITE_CONSTRAINT_ROWID",
        19 | (12 << 8): "SQLITE_CONSTRAINT_DATATYPE",
    ]
}
