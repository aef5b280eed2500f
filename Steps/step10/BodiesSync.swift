import CourseCore
import CourseGRDB
import Foundation
import GRDB

/// What a bodies sync changed, by SQLite's own counts.
struct BodiesSyncCount: Equatable {
    var deleted: Int
    var inserted: Int
    var updated: Int

    var summary: String { "deleted \(deleted), updated \(updated), inserted \(inserted)" }
}

// [docs:sync]
/// Makes `solar_body` hold exactly the bodies of the API's JSON, inside the
/// caller's transaction, in two statements that read the JSON with SQLite's
/// `json_each` (one row per element of `$.bodies`).
///
/// Every row they delete, insert or update fires one of GRDB's triggers, so
/// the index changes in the same transaction as the table: when a statement
/// fails (a body without `englishName` breaks `NOT NULL`), the rollback
/// undoes the table and the index together. A source with no `bodies` array
/// is refused first: `json_each` would read no row, and the DELETE empty the cache.
func syncBodies(_ db: Database, json: String) throws -> BodiesSyncCount {
    _ = try checkBodiesSource(db, json: json, step: "step10")  // CourseGRDB: empty, or an id twice, is refused too
    let before = try Table("solar_body").fetchCount(db)
    // Bodies the source no longer lists.
    try db.execute(
        sql: """
            DELETE FROM solar_body
            WHERE id NOT IN (SELECT json_extract(value, '$.id') FROM json_each(?, '$.bodies'))
            """, arguments: [json])
    let deleted = db.changesCount
    // New bodies are inserted; a known id is updated, only when a value differs.
    // (`WHERE true`: SQLite's grammar needs a WHERE before ON CONFLICT here.)
    try db.execute(
        sql: """
            INSERT INTO solar_body (id, name, english_name, body_type, density, gravity, discovered_by, discovery_date)
            SELECT json_extract(value, '$.id'), json_extract(value, '$.name'), json_extract(value, '$.englishName'),
                   json_extract(value, '$.bodyType'), json_extract(value, '$.density'),
                   json_extract(value, '$.gravity'), nullif(json_extract(value, '$.discoveredBy'), ''),
                   nullif(json_extract(value, '$.discoveryDate'), '')
            FROM json_each(?, '$.bodies') WHERE true
            ON CONFLICT (id) DO UPDATE SET
              name = excluded.name, english_name = excluded.english_name, body_type = excluded.body_type,
              density = excluded.density, gravity = excluded.gravity,
              discovered_by = excluded.discovered_by, discovery_date = excluded.discovery_date
            WHERE (name, english_name, body_type, density, gravity, discovered_by, discovery_date)
              IS NOT (excluded.name, excluded.english_name, excluded.body_type, excluded.density,
                      excluded.gravity, excluded.discovered_by, excluded.discovery_date)
            """, arguments: [json])
    let written = db.changesCount
    let inserted = try Table("solar_body").fetchCount(db) - (before - deleted)
    return BodiesSyncCount(deleted: deleted, inserted: inserted, updated: written - inserted)
}
// [/docs:sync]

/// The JSON of `source`: step 7's fixture `v1` or `v2` (embedded in step 10
/// at build time, see BodiesFixtures), or a file the learner names.
func bodiesJSON(_ source: String) throws -> (json: String, display: String) {
    try BodiesFixtures(["v1": PackageResources.bodies_v1_json, "v2": PackageResources.bodies_v2_json]).text(source)
}
