import CourseCore
import CourseGRDB
import Foundation
import GRDB

/// The catalog app's database: the one door to the file. Its writer is
/// private (GRDB's demo style); it offers what the app does: search, show a
/// product page, save an edit.
struct AppDatabase {
    private let dbWriter: any DatabaseWriter

    /// Read-only access, for the tour's own queries.
    var reader: any DatabaseReader { dbWriter }

    private init(_ dbWriter: any DatabaseWriter) { self.dbWriter = dbWriter }

    /// Opens the catalog a subcommand (or the tour) works on:
    /// - no `--database`: `db/step6.sqlite`, copied from the bundle on first
    ///   run when `copyBundle` is set (the tour copies, and narrates, itself);
    /// - `--database PATH`: an existing Northwind database, used as it is;
    /// - `--in-memory`: a fresh copy of the catalog in memory, gone on exit.
    static func open(_ options: DatabaseOptions, copyBundle: Bool = true, narrator: Narrator) throws -> AppDatabase {
        let configuration = CourseGRDB.configuration(trace: options.trace, narrator: narrator)
        let location = try options.checkedLocation(defaultFile: Catalog.defaultFile, for: "step6")
        switch location {
        case .inMemory:
            let memory = try CourseGRDB.openQueue(.inMemory, configuration: configuration)
            // SQLite's backup API copies a whole database, page by page.
            try attempt("copy the bundled catalog into memory") {
                try Catalog.openBundled(narrator: narrator, trace: false).backup(to: memory)
            }
            return AppDatabase(memory)
        case .file(let path) where options.database == nil && copyBundle:
            if try Catalog.bootstrap(copyingTo: path) {
                narrator.line(
                    "(First run: copied the bundled catalog to \(Workspace.display(path)). `make reset` starts over.)")
            }
            return AppDatabase(try CourseGRDB.openQueue(location, configuration: configuration))
        case .file(let path):
            // Opening a missing file would create an empty database, and
            // every query would then fail with "no such table".
            guard FileManager.default.fileExists(atPath: path) else {
                throw CourseError.input(
                    "no database at \(Workspace.display(path)): --database opens an existing file with Northwind's schema"
                )
            }
            return AppDatabase(try CourseGRDB.openQueue(location, configuration: configuration))
        }
    }

    /// The products whose name contains `text`, any case (all when empty).
    func search(_ text: String = "") throws -> [ProductListing] {
        try dbWriter.read { db in try searchProducts(db, matching: text) }
    }

    /// The product page, or nil when there is no such product.
    func productPage(id: Int64) throws -> ProductPage? {
        try dbWriter.read { db in try fetchPage(db, productID: id) }
    }

    /// Saves an edit in one transaction (`dryRun`: runs it, then rolls it back).
    func saveEdit(productID: Int64, _ edit: ProductEdit, dryRun: Bool = false) throws -> EditOutcome {
        try editProduct(dbWriter, productID: productID, edit, dryRun: dryRun)
    }

    /// SQLite's count of rows this connection has changed (sqlite3_total_changes).
    func changeCount() throws -> Int {
        try dbWriter.read { db in db.totalChangesCount }
    }
}
