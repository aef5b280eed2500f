/// The error a subcommand throws when it gives up. ArgumentParser prints a
/// thrown error's `description` after "Error: " on standard error and exits
/// with status 1, so the learner sees the full report and scripts see failure.
///
/// Each kind of failure has its own case, and all but `failed` say what to do:
///
///     throw CourseError.input("no player with id 42", fix: "make step3 ARGS=\"players\" lists the ids")
///     throw CourseError.timeout("the list did not change within 5 s", fix: "…")
///     throw CourseError.network("could not download …", fix: "…")
///     throw CourseError.badData("bodies.json is not a list of bodies: …", fix: "…")
public struct CourseError: Error, CustomStringConvertible, Sendable {
    public enum Kind: Sendable, Equatable {
        /// Something the program attempted failed (SQLite, the file system): the report says what SQLite said.
        case failed
        /// The learner's input (an argument, a command typed in a shell) is wrong. Nothing was changed.
        case input
        /// Something did not happen in the time the program waits for it.
        case timeout
        /// A server could not be reached, or answered with an error.
        case network
        /// Data read from a file or a server is not what the program expects.
        case badData
    }

    public var kind: Kind
    public var report: ErrorReport

    public init(report: ErrorReport, kind: Kind = .failed) {
        self.report = report
        self.kind = kind
    }

    /// Bad input, such as an unknown id: nothing to do with SQLite. `fix`, when
    /// the message itself does not say it, tells what to type instead.
    public static func input(_ message: String, fix: String? = nil) -> CourseError {
        CourseError(report: ErrorReport(message, fix: fix), kind: .input)
    }

    /// Waiting took too long. `fix`: what to try (again, or with more time).
    public static func timeout(_ message: String, fix: String) -> CourseError {
        CourseError(report: ErrorReport(message, fix: fix), kind: .timeout)
    }

    /// A server could not be reached or refused. `fix`: how to work without it, or what to check.
    public static func network(_ message: String, fix: String) -> CourseError {
        CourseError(report: ErrorReport(message, fix: fix), kind: .network)
    }

    /// Data that cannot be used as it is. `fix`: where to get data that can.
    public static func badData(_ message: String, fix: String) -> CourseError {
        CourseError(report: ErrorReport(message, fix: fix), kind: .badData)
    }

    public var description: String { report.description }
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
