import CourseCore
import GRDB

// Steps 10 and 11 hand SQLite the API's JSON itself and read its bodies with
// `json_each(?, '$.bodies')`. On a document with no such array, `json_each`
// yields no row at all, so the sync's DELETE of "every body the source no
// longer lists" would delete them all; two bodies with one id would be written
// twice. Each sync checks the source first, in its transaction, before it
// writes: a refusal rolls back a transaction that changed nothing.

/// Refuses, before anything is written, a source whose `bodies` is missing,
/// not an array, empty, or names an id twice; returns how many bodies it
/// lists. Malformed JSON fails here, in SQLite's words ("malformed JSON").
/// `step` ("step10") names the command that syncs the bundled fixture instead.
public func checkBodiesSource(_ db: Database, json: String, step: String) throws -> Int {
    let fix = "sync from a source that lists bodies, such as the bundled v1: make \(step) ARGS=\"sync v1\""
    // SELECT json_type(?, '$.bodies'), json_array_length(?, '$.bodies')
    let shape = try Row.fetchOne(
        db, sql: "SELECT json_type(?1, '$.bodies') AS type, json_array_length(?1, '$.bodies') AS count",
        arguments: [json])
    guard let shape, shape["type"] as String? == "array" else {
        throw CourseError.badData("the source has no \"bodies\" array", fix: fix)
    }
    let count: Int = shape["count"]
    if count == 0 { throw CourseError.badData("the source lists no bodies: the file is left as it is", fix: fix) }
    let twice = try String.fetchAll(
        db,
        sql: """
            SELECT value ->> '$.id' FROM json_each(?, '$.bodies')
            GROUP BY 1 HAVING count(*) > 1 ORDER BY 1
            """, arguments: [json])
    if !twice.isEmpty {
        throw CourseError.badData(
            "the source lists these ids more than once: \(twice.joined(separator: ", "))", fix: fix)
    }
    return count
}
