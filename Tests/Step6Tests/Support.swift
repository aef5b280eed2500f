import CourseCore
import CourseTestSupport
import Foundation
import GRDB
import Testing

@testable import step6

/// A writable database in its own temporary folder: a copy of the bundled
/// catalog made by the step's own bootstrap, or of the real Northwind.
struct CatalogCopy {
    let directory: TemporaryDirectory
    let path: String
    let queue: DatabaseQueue

    init(realNorthwind: Bool = false) throws {
        directory = try TemporaryDirectory()
        if realNorthwind {
            path = try RealNorthwind.copy(into: directory)
        } else {
            path = directory.file("catalog.sqlite")
            try Catalog.bootstrap(copyingTo: path)
        }
        queue = try DatabaseQueue(path: path)
    }

    func snapshot() throws -> String { try databaseSnapshot(path) }

    /// SQLite's count of rows changed on this connection since it opened.
    func changeCount() throws -> Int { try queue.read { db in db.totalChangesCount } }

    func remove() { directory.remove() }
}

/// The real Northwind database the lead placed beside the workspace. Never
/// copied into the project: tests read it from there, on a temporary copy.
enum RealNorthwind {
    static let path =
        workspaceRoot
        .appendingPathComponent("../shared/fixtures/northwind/northwind.db").standardizedFileURL.path
    static var isPresent: Bool { FileManager.default.fileExists(atPath: path) }
    static let absent = Comment(rawValue: "\(path) is absent: the real-Northwind tests are skipped")

    /// A writable temporary copy (the fixture itself is read-only).
    static func copy(into directory: TemporaryDirectory) throws -> String {
        let copy = directory.file("northwind.db")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: copy)
        return copy
    }
}

/// The extended result code of a GRDB error wrapped by the step, if any.
func extendedCode(_ error: any Error) -> Int32? {
    switch error {
    case let error as CourseError: error.report.extendedResultCode
    case let error as DatabaseError: error.extendedResultCode.rawValue
    default: nil
    }
}
