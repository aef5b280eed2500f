import GRDB

// Exercise s2-read-for-write · fix the bug · chapter 2, "GRDB's DatabaseQueue"
//
// `renamePlayer` compiles, and looks like every other database call in the
// app. Yet it fails every time it runs. Read the error the check shows.

/// Renames the player with this id; returns whether such a player exists.
func renamePlayer(_ queue: DatabaseQueue, id: Int64, to name: String) throws -> Bool {
    // Changes go through `write`: `read` opens a read-only access, where
    // SQLite refuses an UPDATE ("attempt to write a readonly database").
    // One statement needs no transaction: inDatabase runs it as it is.
    try queue.inDatabase { db in
        try db.execute(sql: "UPDATE players SET name = :name WHERE id = :id", arguments: ["name": name, "id": id])
        return db.changesCount == 1
    }
}
