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

/// `--trace` and `--stats` for the C API: asks SQLite to call us back with
/// each statement as it starts running (`SQLITE_TRACE_STMT`, printed with its
/// values filled in) and, under `--stats`, as it finishes
/// (`SQLITE_TRACE_PROFILE`, when its counters are read: see CommandStatistics).
/// Installs nothing when neither is asked for.
public enum RawTrace {
    /// How a traced statement reads: `expanded` is `sqlite3_expanded_sql`, `text`
    /// what SQLite passed (the SQL, or `-- …` for a statement inside a trigger).
    public typealias Format = @Sendable (_ expanded: String, _ text: String) -> String

    public static func install(
        on connection: OpaquePointer, narrator: Narrator?, format: @escaping Format = { expanded, _ in expanded }
    ) {
        let statistics = CommandStatistics.shared.isOn
        guard narrator != nil || statistics else { return }
        // The callback is a C function: it cannot capture anything, so what it
        // needs travels through the untyped `context` pointer instead.
        // `passRetained` keeps it alive for as long as SQLite may call back;
        // it is never released (one small object per traced connection).
        let context = Unmanaged.passRetained(Context(narrator: narrator, format: format)).toOpaque()
        let events = (narrator == nil ? 0 : SQLITE_TRACE_STMT) | (statistics ? SQLITE_TRACE_PROFILE : 0)
        sqlite3_trace_v2(
            connection, UInt32(events),
            { event, context, statement, text in
                guard let context, let statement else { return 0 }
                let traced = Unmanaged<Context>.fromOpaque(context).takeUnretainedValue()
                if event == SQLITE_TRACE_PROFILE {
                    CommandStatistics.shared.record(OpaquePointer(statement))
                } else if let narrator = traced.narrator,
                    let expanded = sqlite3_expanded_sql(OpaquePointer(statement))
                {
                    let text = text.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
                    narrator.trace(traced.format(String(cString: expanded), text))
                    sqlite3_free(expanded)
                }
                return 0
            }, context)
    }

    private final class Context {
        let narrator: Narrator?
        let format: Format
        init(narrator: Narrator?, format: @escaping Format) {
            self.narrator = narrator
            self.format = format
        }
    }
}
