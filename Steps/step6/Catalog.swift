import CourseCore
import CourseGRDB
import Foundation
import GRDB

/// The catalog that ships with step 6, and where the learner's copy lives.
///
/// `Resources/catalog.sqlite` is built from `Resources/catalog.sql` by
/// `make catalog` and bundled with the executable by SwiftPM. The bundle is
/// part of the program: it is never written. The program works on a copy.
enum Catalog {
    /// Where a learner's copy goes when no `--database` is given.
    static let defaultFile = "step6.sqlite"

    /// The bundled file. `Bundle.module` is the resource bundle SwiftPM
    /// generates for this target (declared in Package.swift).
    static func bundledURL() throws -> URL {
        guard let url = Bundle.module.url(forResource: "catalog", withExtension: "sqlite") else {
            throw CourseError(
                report: ErrorReport("the bundled catalog.sqlite is missing", fix: "rebuild it: swift build --product step6"))
        }
        return url
    }

    // [docs:bootstrap]
    /// The seed's "bootstrap by copying": the first run copies the bundled
    /// catalog to `path`; later runs find the copy there and keep it, with
    /// whatever was edited in it. Returns whether it copied.
    ///
    /// The copy is written under a temporary name and renamed at the end:
    /// a copy cut short (disk full, Ctrl-C) never passes for a catalog.
    @discardableResult
    static func bootstrap(copyingTo path: String) throws -> Bool {
        let files = FileManager.default
        guard !files.fileExists(atPath: path) else { return false }
        let source = try bundledURL()
        let partial = path + ".partial"
        try attempt("copy the bundled catalog to \(Workspace.display(path))") {
            if files.fileExists(atPath: partial) { try files.removeItem(atPath: partial) }
            try files.copyItem(atPath: source.path, toPath: partial)
            // The bundle may be installed read-only; the copy must be writable.
            try files.setAttributes([.posixPermissions: 0o644], ofItemAtPath: partial)
            try files.moveItem(atPath: partial, toPath: path)
        }
        return true
    }
    // [/docs:bootstrap]

    // [docs:open-bundled]
    /// Opens the bundled catalog read-only (`SQLITE_OPEN_READONLY`): SQLite
    /// itself then refuses any write, with `SQLITE_READONLY`.
    static func openBundled(narrator: Narrator, trace: Bool) throws -> DatabaseQueue {
        var configuration = CourseGRDB.configuration(trace: trace, narrator: narrator)
        configuration.readonly = true
        return try CourseGRDB.openQueue(.file(try bundledURL().path), configuration: configuration)
    }
    // [/docs:open-bundled]

    /// The database a subcommand works on:
    /// - no option: `db/step6.sqlite`, copied from the bundle on first run;
    /// - `--database PATH`: an existing Northwind database, used as it is;
    /// - `--in-memory`: a fresh copy of the catalog in memory, gone on exit.
    static func open(_ options: DatabaseOptions, narrator: Narrator) throws -> DatabaseQueue {
        let configuration = CourseGRDB.configuration(trace: options.trace, narrator: narrator)
        let location = try options.location(defaultFile: defaultFile)
        switch location {
        case .inMemory:
            let memory = try CourseGRDB.openQueue(.inMemory, configuration: configuration)
            // SQLite's backup API copies a whole database, page by page.
            try attempt("copy the bundled catalog into memory") {
                try openBundled(narrator: narrator, trace: false).backup(to: memory)
            }
            return memory
        case .file(let path) where options.database == nil:
            if try bootstrap(copyingTo: path) {
                narrator.line("(First run: copied the bundled catalog to \(Workspace.display(path)). `make reset` starts over.)")
            }
            return try CourseGRDB.openQueue(location, configuration: configuration)
        case .file(let path):
            // Opening a missing file would create an empty database, and
            // every query would then fail with "no such table".
            guard FileManager.default.fileExists(atPath: path) else {
                throw CourseError.input("no database at \(Workspace.display(path)): --database opens an existing file with Northwind's schema")
            }
            return try CourseGRDB.openQueue(location, configuration: configuration)
        }
    }
}
