import CSQLite
import Foundation

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
        var report = ErrorReport("could not \(what)", error: error)
        // SQLITE_BUSY after the busy timeout: the learner can act on it.
        if report.resultCode == SQLITE_BUSY && report.fix == nil { report.fix = BusyTimeout.advice }
        throw CourseError(report: report)
    }
}

/// `attempt("open …")` for opening `location`, with the two failures a
/// learner meets there put in words they can act on:
///
/// - SQLITE_BUSY: `sqlite3_open_v2` takes no lock, so the lock was met by
///   the first read (GRDB reads the schema as it opens a connection): the
///   report says "could not read", and that another process is writing.
/// - SQLITE_CANTOPEN for a file whose folder does not exist: SQLite says
///   only "unable to open database file"; the report names the folder.
public func attemptOpen<T>(_ location: DatabaseLocation, _ body: () throws -> T) throws -> T {
    do {
        return try attempt("open \(location.display)", body)
    } catch var error as CourseError where error.report.resultCode == SQLITE_BUSY {
        error.report.what = "could not read \(location.display)"
        throw error
    } catch var error as CourseError where error.report.resultCode == SQLITE_CANTOPEN {
        if case .file(let path) = location, let folder = missingFolder(of: path) {
            error.report.fix =
                "there is no folder \(folder)/: create it first (mkdir -p \(folder)), or give --database a file in a folder that exists"
        }
        throw error
    }
}

/// The folder `path` would be in, as the learner wrote it, when it does not exist.
private func missingFolder(of path: String) -> String? {
    let folder = (path as NSString).deletingLastPathComponent
    guard !folder.isEmpty else { return nil }
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue
    return exists ? nil : Workspace.display(folder)
}
