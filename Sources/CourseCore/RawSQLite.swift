import CSQLite
import Foundation

// What steps 1 and 2 share of the SQLite C API: the constant that makes
// SQLite copy bound text, reading an error off a connection, and --trace.

/// `SQLITE_TRANSIENT` tells `sqlite3_bind_text` to copy the string at once:
/// Swift's temporary C string is gone as soon as the call returns. The C macro
/// is a cast of -1 to a function pointer, which Swift cannot import, so we
/// build the same value here, under the C name.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let SQLITE_TRANSIENT = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

extension SQLiteError {
    /// What the connection says about its last failure: the codes and
    /// `sqlite3_errmsg`. Call it right after the failing call: the next call
    /// on the connection overwrites it.
    public init(connection: OpaquePointer?, resultCode: Int32, sql: String?) {
        var message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? ResultCodeName.description(resultCode)
        var extended = connection.map { sqlite3_extended_errcode($0) } ?? resultCode
        // A successful call since the failure has cleared the connection's error
        // ("not an error", code 0): then the code we were given is all we know.
        if extended == SQLITE_OK && resultCode != SQLITE_OK {
            extended = resultCode
            message = ResultCodeName.description(resultCode)
        }
        self.init(resultCode: resultCode & 0xFF, extendedResultCode: extended, message: message, sql: sql)
    }
}

/// `--trace` for the C API: asks SQLite to call us back with each statement
/// as it starts running (`SQLITE_TRACE_STMT`), with its values filled in.
public enum RawTrace {
    public static func install(on connection: OpaquePointer, narrator: Narrator) {
        // The callback is a C function: it cannot capture `narrator`, so the
        // narrator travels through the untyped `context` pointer instead.
        // `passRetained` keeps it alive for as long as SQLite may call back;
        // it is never released (one small object per traced connection).
        let context = Unmanaged.passRetained(narrator).toOpaque()
        sqlite3_trace_v2(
            connection, UInt32(SQLITE_TRACE_STMT),
            { _, context, statement, _ in
                guard let context, let statement else { return 0 }
                let narrator = Unmanaged<Narrator>.fromOpaque(context).takeUnretainedValue()
                if let expanded = sqlite3_expanded_sql(OpaquePointer(statement)) {
                    narrator.trace(String(cString: expanded))
                    sqlite3_free(expanded)
                }
                return 0
            }, context)
    }
}
