import CourseCore
import Dispatch

// [docs:serial-database]
/// One SQLite connection, shared safely by the whole program.
///
/// A connection has one transaction, whoever sends its statements: two threads
/// using it at once would mix theirs. Rather than one
/// connection per screen (or per row!), the app keeps a single one and lines
/// every access up on a serial queue: `sync` runs one closure at a time, in
/// order, and waits for its result.
final class SerialDatabase: Sendable {
    private let connection: RawConnection
    private let queue = DispatchQueue(label: "step2.SerialDatabase")  // serial: the default

    init(_ connection: RawConnection) {
        self.connection = connection
    }

    /// Runs `body` alone on the connection, which refuses writes meanwhile
    /// (`PRAGMA query_only`), so a read can't change data by mistake.
    func read<T>(_ body: (RawConnection) throws -> T) throws -> T {
        try queue.sync {
            try connection.execute("PRAGMA query_only = ON")
            defer { try? connection.execute("PRAGMA query_only = OFF") }
            return try body(connection)
        }
    }

    /// Runs `body` alone on the connection, inside a transaction: all of its
    /// changes are kept (COMMIT), or, if it throws, none (ROLLBACK).
    func write<T>(_ body: (RawConnection) throws -> T) throws -> T {
        try queue.sync {
            try connection.execute("BEGIN IMMEDIATE")
            do {
                let result = try body(connection)
                try connection.execute("COMMIT")
                return result
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }
}
// [/docs:serial-database]
