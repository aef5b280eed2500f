import GRDB

// Exercise s2-read-for-write · fix the bug · chapter 2, "GRDB's DatabaseQueue"
//
// `renamePlayer` compiles, and looks like every other database call in the
// app. Yet it fails every time it runs. Read the error the check shows.

/// Renames the player with this id; returns whether such a player exists.
func renamePlayer(_ queue: DatabaseQueue, id: Int64, to name: String) throws -> Bool {
    // Changes go through `write`: `read` opens a read-only access, where
    // SQLite refuses an UPDATE ("attempt to write a readonly database").
    try queue.write { db in
        try db.execute(sql: "UPDATE players SET name = ? WHERE id = ?", arguments: [id, name])
        return db.changesCount > 0
    }
}
