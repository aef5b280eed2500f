import CourseCore
import CourseGRDB
import Foundation
import GRDB

/// Step 10's database: step 8's file (step 6's catalog and step 7's bodies
/// cache) with a full-text index over each. Its writer is private; it offers
/// what the app does: search, add, rename and delete products, sync bodies,
/// check the indexes.
struct AppDatabase {
    private let dbWriter: any DatabaseWriter

    /// Read-only access, for the tour's own queries.
    var reader: any DatabaseReader { dbWriter }

    private init(_ dbWriter: any DatabaseWriter) { self.dbWriter = dbWriter }

    /// The default file under db/.
    static let defaultFile = "step10.sqlite"

    // [docs:migrator]
    /// Step 8's two migrations, under step 8's names (a step 8 file has run
    /// them already), then the indexes. A step 6 file holds the catalog but
    /// no `grdb_migrations` (step 6 copies its catalog, it runs no
    /// migration), so the first one keeps a catalog it finds. A step 7 file
    /// has run the second. Each file ends with the same tables. The two SQL
    /// files are step 6's and step 7's, embedded in step 10 at build time
    /// (Resources/ holds symlinks to them; see BodiesFixtures).
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 catalog.sql") { db in
            guard try !db.tableExists("Products") else { return }  // a step 6 file: already there
            try db.execute(sql: String(decoding: PackageResources.catalog_sql, as: UTF8.self))
        }
        migrator.registerMigration("v1 BodiesDB-001.sql") { db in
            try db.execute(sql: String(decoding: PackageResources.BodiesDB_001_sql, as: UTF8.self))
        }
        migrator.registerMigration("v10 full-text search") { db in
            try createProductIndex(db)
            try createBodyIndex(db)
        }
        return migrator
    }
    // [/docs:migrator]

    /// Opens the subcommand's database once step 10 knows it can use it (see
    /// DatabaseFile.check), and upgrades it. `reading`: a missing file is an error.
    /// `writes`: a subcommand that reads the file but runs a statement SQLite counts as a write (`check`).
    static func open(_ options: DatabaseOptions, reading: Bool = false, writes: Bool = false, narrator: Narrator)
        throws -> AppDatabase
    {
        let location = try options.checkedLocation(
            defaultFile: defaultFile, for: "step10", migrations: migrator.migrations, reading: reading)
        return try open(location, reading: reading && !writes, trace: options.trace, narrator: narrator)
    }

    /// Opens the database at `location` and brings its schema up to date.
    /// `reading`: an up-to-date file is opened read-only (`CourseGRDB.openForReading`).
    static func open(_ location: DatabaseLocation, reading: Bool = false, trace: Bool, narrator: Narrator) throws
        -> AppDatabase
    {
        let configuration = CourseGRDB.configuration(trace: trace, narrator: narrator)
        if reading {
            return AppDatabase(
                try CourseGRDB.openForReading(location, configuration: configuration, migrator: migrator))
        }
        let queue = try CourseGRDB.openQueue(location, configuration: configuration)
        try attempt("prepare \(location.display) for full-text search") { try migrator.migrate(queue) }
        return AppDatabase(queue)
    }

    // MARK: - Searching

    /// The rows of `index` that match, best first (at most `limit`).
    func search(_ query: SearchQuery, in index: FullTextIndex, limit: Int = 10) throws -> [SearchHit] {
        try dbWriter.read { db in try rankedHits(db, in: index, query, limit: limit) }
    }

    // MARK: - Changes (the triggers update the indexes)

    /// Adds a product; returns its id. `INSERT INTO Products …` fires `product_fts_insert`.
    func addProduct(name: String, categoryID: Int64?, supplierID: Int64?) throws -> Int64 {
        try checkName(name)
        return try dbWriter.write { db in
            try db.execute(
                sql: "INSERT INTO Products (ProductName, CategoryID, SupplierID) VALUES (?, ?, ?)",
                arguments: [storedName(name), categoryID, supplierID])
            return db.lastInsertedRowID
        }
    }

    /// Renames a product. `UPDATE Products …` fires `product_fts_update`.
    func renameProduct(id: Int64, to name: String) throws {
        try checkName(name)
        try dbWriter.write { db in
            try db.execute(
                sql: "UPDATE Products SET ProductName = ? WHERE ProductID = ?", arguments: [storedName(name), id])
            if db.changesCount == 0 { throw CourseError.input("no product with id \(id)") }
        }
    }

    /// Renames a category: every product of it is re-indexed (`product_fts_category`).
    func renameCategory(id: Int64, to name: String) throws {
        try checkName(name)
        try dbWriter.write { db in
            try db.execute(
                sql: "UPDATE Categories SET CategoryName = ? WHERE CategoryID = ?", arguments: [storedName(name), id])
            if db.changesCount == 0 { throw CourseError.input("no category with id \(id)") }
        }
    }

    /// Deletes a product. `DELETE FROM Products …` fires `product_fts_delete`.
    func deleteProduct(id: Int64) throws {
        try dbWriter.write { db in
            try db.execute(sql: "DELETE FROM Products WHERE ProductID = ?", arguments: [id])
            if db.changesCount == 0 { throw CourseError.input("no product with id \(id)") }
        }
    }

    /// Makes the bodies cache hold exactly the bodies of `json`, in one transaction.
    func syncBodies(json: String) throws -> BodiesSyncCount {
        try dbWriter.write { db in try step10.syncBodies(db, json: json) }
    }

    /// Each index checked against its table; throws on the first that disagrees,
    /// naming it and what rebuilds it. (An `INSERT` into the index, so it runs
    /// as a write, though it changes nothing.)
    func checkIndexes(file: String = "db/\(AppDatabase.defaultFile)") throws {
        try dbWriter.write { db in
            for index in FullTextIndex.allCases {
                do {
                    try checkIndex(db, index)
                } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CORRUPT_VTAB {
                    throw try drifted(index, db, file: file, error: error)
                }
            }
        }
    }

    /// The refusal of an index that no longer agrees with its table: which
    /// one, the triggers missing from the file, and the statement that rebuilds it.
    private func drifted(_ index: FullTextIndex, _ db: Database, file: String, error: DatabaseError) throws
        -> CourseError
    {
        let present = try String.fetchSet(db, sql: "SELECT name FROM sqlite_schema WHERE type = 'trigger'")
        let missing = index.triggers.filter { !present.contains($0) }
        let rebuild = "INSERT INTO \(index.table)(\(index.table)) VALUES('rebuild')"
        let why =
            missing.isEmpty
            ? "a change reached the table without reaching the index"
            : "the file lacks the trigger\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")), so changes no longer reach it"
        var report = ErrorReport(
            "the \(index.label) index \(index.table) no longer agrees with its table: \(why)", error: error)
        report.fix =
            "rebuild it from its table: sqlite3 \(file) \"\(rebuild)\""
            + (missing.isEmpty ? "" : " (the missing triggers come back only in a new file: make reset)")
        return CourseError(report: report)
    }

    /// Which of `terms` the products' index holds, read with an `fts5vocab`
    /// table (a virtual table listing every term of an index; in `temp`, so
    /// the file is not changed).
    func indexedTerms(_ terms: [String]) throws -> [String] {
        try dbWriter.writeWithoutTransaction { db in
            try db.execute(
                sql: "CREATE VIRTUAL TABLE IF NOT EXISTS temp.product_terms USING fts5vocab(main, product_fts, 'row')")
            // SELECT term FROM product_terms WHERE term IN (?, ?, …) ORDER BY term
            return try SQLRequest<String>(
                literal: "SELECT term FROM product_terms WHERE term IN \(terms) ORDER BY term"
            ).fetchAll(db)
        }
    }

    /// For each product `"prefix"*` matches, what bm25 counted (see `bm25Counts`).
    /// The `fts5vocab` table is made in `temp`, so the file is not changed.
    func bm25Counts(prefix: String) throws -> [BM25Count] {
        try dbWriter.writeWithoutTransaction { db in try step10.bm25Counts(db, prefix: prefix) }
    }

    /// The Mermaid diagram of the file's indexes and triggers (see `indexDiagram`).
    func diagram() throws -> [String] {
        try dbWriter.read { db in try indexDiagram(db) }
    }

    /// SQLite's count of rows this connection has changed (sqlite3_total_changes),
    /// rows of statements later rolled back included.
    func changeCount() throws -> Int {
        try dbWriter.read { db in db.totalChangesCount }
    }

    /// How many rows `table` holds.
    func count(_ table: String) throws -> Int {
        try dbWriter.read { db in try Table(table).fetchCount(db) }
    }
}

// [docs:stored-name]
/// A name as the app stores it: in Unicode's NFC, each accented letter one
/// code point where Unicode has one. The same text in NFD (a letter, then a
/// combining mark: what some keyboards, file systems and programs produce)
/// is other characters to SQLite and to FTS5: `remove_diacritics 2` drops a
/// combining mark, but keeps a precomposed letter outside Latin (`έ`), so
/// the two forms make different tokens. Storing NFC, and searching with NFC
/// (`safePattern`), makes both sides agree.
func storedName(_ name: String) -> String {
    name.precomposedStringWithCanonicalMapping
}
// [/docs:stored-name]

/// Refuses an empty name before anything is written.
private func checkName(_ name: String) throws {
    if name.trimmingCharacters(in: .whitespaces).isEmpty { throw CourseError.input("the name must not be empty") }
}

// [docs:search]
/// The rows of `index` that match, ranked by bm25 (best first).
///
/// - `MATCH ?` takes the pattern as a bound value: never pasted into the SQL.
/// - `bm25(index)` scores the whole row, all its columns together: how often
///   each phrase occurs in it, how rare the phrase is in the index, and how
///   short the row is. Lower is better.
/// - `snippet(index, -1, '[', ']', '…', 8)`: from the column that matched
///   best (-1), up to 8 tokens around the matches, each match in brackets.
///   FTS5 reads that text back from the content table (the view, or
///   `solar_body`), by rowid.
func rankedHits(_ db: Database, in index: FullTextIndex, _ query: SearchQuery, limit: Int) throws -> [SearchHit] {
    guard let pattern = query.pattern else { return [] }
    let table = index.table
    // SELECT CAST(rowid AS TEXT) AS id, product AS title,
    //        snippet(product_fts, -1, '[', ']', '…', 8) AS snippet, bm25(product_fts) AS score
    // FROM product_fts WHERE product_fts MATCH ? ORDER BY bm25(product_fts), rowid LIMIT ?
    return try SearchHit.fetchAll(
        db,
        sql: """
            SELECT \(index.idExpression) AS id, \(index.titleColumn) AS title,
                   snippet(\(table), -1, '[', ']', '…', 8) AS snippet, bm25(\(table)) AS score
            FROM \(table) WHERE \(table) MATCH ?
            ORDER BY bm25(\(table)), rowid LIMIT ?
            """, arguments: [pattern, limit])
}
// [/docs:search]

// [docs:integrity]
/// Checks `index` against its content table.
///
/// `INSERT INTO index(index) VALUES('integrity-check')` checks that the
/// index is consistent with itself only. With `rank` set to 1, FTS5 also
/// reads every row of the content table, tokenizes it again and compares:
/// a trigger that forgot a change fails here, with SQLITE_CORRUPT_VTAB.
func checkIndex(_ db: Database, _ index: FullTextIndex) throws {
    let table = index.table
    try db.execute(sql: "INSERT INTO \(table)(\(table), rank) VALUES('integrity-check', 1)")
}
// [/docs:integrity]
