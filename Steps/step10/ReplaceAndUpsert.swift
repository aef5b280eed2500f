import GRDB

// [docs:replace]
/// `INSERT OR REPLACE` on a row that exists: SQLite *deletes* the row in
/// the way, then inserts the new one, under a new rowid (`solar_body`'s key
/// is its text `id`; the index uses the hidden rowid). That delete fires no
/// DELETE trigger unless `PRAGMA recursive_triggers` is on, so GRDB's
/// `__body_fts_ad` never tells the index to forget the old row: the index
/// keeps an entry for a rowid the table no longer has.
/// GRDB's `insert(db, onConflict: .replace)` runs this statement, and so
/// does any insert of a record whose `persistenceConflictPolicy` says
/// `.replace` (`save` too, when it inserts).
func replaceBody(_ db: Database, _ body: BodyRow) throws {
    // INSERT OR REPLACE INTO "solar_body" ("id", "name", "english_name", "body_type") VALUES (?,?,?,?)
    try body.insert(db, onConflict: .replace)
}
// [/docs:replace]

// [docs:upsert]
/// The upsert GRDB writes: `INSERT … ON CONFLICT DO UPDATE`. On a row that
/// exists it is an UPDATE: the row keeps its rowid, and the update trigger
/// (`__body_fts_au`) replaces the old entry with the new one.
func upsertBody(_ db: Database, _ body: BodyRow) throws {
    // INSERT INTO "solar_body" ("id", "name", "english_name", "body_type") VALUES (?,?,?,?)
    // ON CONFLICT DO UPDATE SET "name" = "excluded"."name", "english_name" = "excluded"."english_name",
    //   "body_type" = "excluded"."body_type" RETURNING "rowid"
    try body.upsert(db)
}
// [/docs:upsert]

/// The rowids the bodies' index holds for `word`, read from the index alone
/// (a row it holds but the table lost has no text to read back).
func bodyRowids(_ db: Database, matching word: String) throws -> [Int64] {
    try Int64.fetchAll(
        db, sql: "SELECT rowid FROM body_fts WHERE body_fts MATCH ? ORDER BY rowid", arguments: [word])
}
