import Foundation

/// Where the learner's databases live.
///
/// By default in `db/` at the top of the workspace (gitignored, emptied by
/// `make reset`), so that `make step3` and `swift run step3` find the same file
/// whatever the current directory. `COURSE_DB_DIR` overrides it: the tests and golden files give
/// every run its own folder (docs/environment-switches.md).
public enum Workspace {
    /// The top of the workspace, found from this source file's location at build time.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // CourseCore/
        .deletingLastPathComponent()  // Sources/
        .deletingLastPathComponent()  // workspace

    public static var databaseDirectory: URL {
        if let override = ProcessInfo.processInfo.environment["COURSE_DB_DIR"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        return root.appendingPathComponent("db", isDirectory: true)
    }

    /// `db/<name>`, creating the folder when needed.
    public static func databasePath(_ fileName: String) throws -> String {
        let directory = databaseDirectory
        try attempt("create the folder \(display(directory.path))") {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        return directory.appendingPathComponent(fileName).path
    }

    /// `db/<name>`, emptied first: where a tour starts from scratch every time.
    public static func freshDatabasePath(_ fileName: String) throws -> String {
        let path = try databasePath(fileName)
        try removeDatabase(at: path)
        return path
    }

    /// A path as a learner wants to read it: relative to the current
    /// directory when it is inside it (also keeps golden files free of
    /// absolute paths).
    public static func display(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        if absolute.hasPrefix(current + "/") {
            return String(absolute.dropFirst(current.count + 1))
        }
        return absolute
    }

    /// Deletes a database file and its companions (-wal, -shm, -journal), so a tour starts fresh.
    public static func removeDatabase(at path: String) throws {
        for suffix in ["", "-wal", "-shm", "-journal"] where FileManager.default.fileExists(atPath: path + suffix) {
            try attempt("delete \(display(path + suffix))") {
                try FileManager.default.removeItem(atPath: path + suffix)
            }
        }
    }
}
