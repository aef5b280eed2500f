import Foundation
import GRDB

// Exercise s11-upsert-predict · predict the output · chapter 11, "Sync with UPSERT … RETURNING"
//
// One table, one upsert run three times on a batch of documents, then GRDB's
// upsertAndFetch on one row. Read the program, then write in prediction.txt
// what it prints, line by line. Don't run it: `make ex` runs it and compares.

struct Doc: Codable, FetchableRecord, PersistableRecord {
    var id: String
    var body: String
    var revision: Int
}

func program(say: (String) -> Void) throws {
    let queue = try DatabaseQueue()
    try queue.write { db in
        try db.execute(
            sql:
                "CREATE TABLE doc (id TEXT PRIMARY KEY, body TEXT NOT NULL, revision INTEGER NOT NULL DEFAULT 1) STRICT"
        )
    }

    /// The upsert: every element of `json`, inserted or updated; what RETURNING gave, as "id revision".
    func sync(_ json: String) throws -> String {
        let rows = try queue.write { db in
            try Row.fetchAll(
                db,
                sql: """
                    INSERT INTO doc (id, body)
                    SELECT value ->> '$.id', value ->> '$.body' FROM json_each(?) WHERE true
                    ON CONFLICT (id) DO UPDATE SET body = excluded.body, revision = revision + 1
                    WHERE body IS NOT excluded.body
                    RETURNING id, revision
                    """, arguments: [json])
        }
        let text = rows.map { "\($0["id"] as String) \($0["revision"] as Int)" }.joined(separator: ", ")
        return text.isEmpty ? "nothing" : text
    }

    say("first: " + (try sync(#"[{"id": "a", "body": "x"}, {"id": "b", "body": "y"}]"#)))
    say("again: " + (try sync(#"[{"id": "a", "body": "x"}, {"id": "b", "body": "y"}]"#)))
    say("changed: " + (try sync(#"[{"id": "a", "body": "x"}, {"id": "b", "body": "z"}]"#)))
    say("rows written: \(try queue.read { db in db.totalChangesCount })")  // sqlite3_total_changes
    let b = try queue.write { db in
        try Doc(id: "b", body: "z", revision: 1).upsertAndFetch(db) { _ in
            [Column("revision").set(to: Column("revision") + 1)]
        }
    }
    say("grdb: \(b.id) \(b.revision)")
}
