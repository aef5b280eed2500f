import CourseCore
import CourseGRDB
import Foundation
import GRDB

/// What a sync did, body by body: read from `RETURNING`, not guessed.
struct SyncReport: Equatable {
    var inserted: [String] = []
    var updated: [String] = []
    var deleted: [String] = []
    var unchanged = 0

    var summary: String {
        "inserted \(inserted.count), updated \(updated.count), deleted \(deleted.count), unchanged \(unchanged)"
    }

    /// The ids, one line per kind of change that happened.
    var details: [String] {
        [("inserted", inserted), ("updated", updated), ("deleted", deleted)]
            .filter { !$0.1.isEmpty }
            .map { "\($0.0): \($0.1.joined(separator: ", "))" }
    }
}

// [docs:sync]
/// Makes `body` hold exactly the documents of `json` (`{"bodies": [ … ]}`),
/// inside the caller's transaction, in one statement per kind of change.
///
/// - The upsert reads every element of `$.bodies` with `json_each`. A new id
///   is inserted (`revision` 1); a known id is updated, `revision` + 1, only
///   when its document differs (`WHERE document IS NOT excluded.document`): an unchanged
///   row is not written, and `RETURNING` does not return it.
/// - `excluded` is the row that was refused by the conflict: the new values.
/// - `WHERE true`: SQLite's grammar needs a WHERE before `ON CONFLICT` when
///   the rows come from a SELECT (or its parser would read ON as a join's).
func syncDocuments(_ db: Database, json: String) throws -> SyncReport {
    let total = try checkBodiesSource(db, json: json, step: "step11")  // no bodies, no write
    var report = SyncReport()
    let written = try Row.fetchAll(
        db,
        sql: """
            INSERT INTO body (id, document)
            SELECT value ->> '$.id', value FROM json_each(?, '$.bodies') WHERE true
            ON CONFLICT (id) DO UPDATE SET document = excluded.document, revision = revision + 1
            WHERE document IS NOT excluded.document
            RETURNING id, revision
            """, arguments: [json])
    for row in written {
        let id: String = row["id"]
        if row["revision"] == 1 { report.inserted.append(id) } else { report.updated.append(id) }
    }
    report.deleted = try String.fetchAll(
        db,
        sql: """
            DELETE FROM body WHERE id NOT IN (SELECT value ->> '$.id' FROM json_each(?, '$.bodies'))
            RETURNING id
            """, arguments: [json])
    report.unchanged = total - written.count
    return report
}
// [/docs:sync]

// [docs:grdb-upsert]
/// One body written with GRDB's record API:
///
///     INSERT INTO "body" ("id", "document", "revision") VALUES (?,?,?)
///     ON CONFLICT DO UPDATE SET "revision" = "revision" + ?, "document" = "excluded"."document"
///     RETURNING *, "rowid"
///
/// `upsertAndFetch` returns the row as written. It has no `WHERE` for the
/// update: a document that did not change is written again, revision + 1.
func upsertWithGRDB(_ db: Database, _ body: BodyDocument) throws -> BodyDocument {
    try body.upsertAndFetch(db) { _ in [BodyColumns.revision.set(to: BodyColumns.revision + 1)] }
}
// [/docs:grdb-upsert]

/// The JSON of `source`: step 7's fixture `v1` or `v2` (embedded in step 11
/// at build time, see BodiesFixtures), or a file the learner names.
func bodiesJSON(_ source: String) throws -> (json: String, display: String) {
    try BodiesFixtures(["v1": PackageResources.bodies_v1_json, "v2": PackageResources.bodies_v2_json]).text(source)
}
