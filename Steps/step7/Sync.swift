import CourseCore
import GRDB

// [docs:sync]
/// Makes the cache hold exactly `fetched`, in one transaction.
///
/// `write` runs the closure between BEGIN and COMMIT, and rolls back if it
/// throws: the cache then holds what it held before, never half a sync. The
/// cached bodies are read inside the same transaction, so the plan and its
/// application see the same rows. (The Lighter example reads the ids before
/// its transaction; a change in between would go unnoticed.)
///
/// `checkpoint` is called at each stage, inside the transaction: `sync`
/// prints progress there, and the tests throw there to prove that a failure
/// half-way leaves nothing applied.
@discardableResult
func sync(
    _ cache: some DatabaseWriter,
    with fetched: [SolarBody],
    checkpoint: (SyncStage, SyncPlan) throws -> Void = { _, _ in }
) throws -> SyncPlan {
    try cache.write { db in
        // BEGIN IMMEDIATE TRANSACTION  (IMMEDIATE: the write lock is taken at once)
        let plan = SyncPlan(cached: try SolarBody.fetchAll(db), fetched: fetched)  // SELECT * FROM solar_body
        try checkpoint(.began, plan)
        for id in plan.deletions {
            // DELETE FROM solar_body WHERE id = ?
            // (one id at a time: `WHERE id IN (?, ?, …)` would need a
            // placeholder per id, and SQLite caps their number: 32,766 by
            // default, 250,000 in the library Debian ships)
            try SolarBody.deleteOne(db, key: id)
        }
        try checkpoint(.deleted, plan)
        for update in plan.updates {
            // UPDATE solar_body SET gravity = ? WHERE id = ?  (only the columns that differ)
            try update.new.updateChanges(db, from: update.old)
        }
        try checkpoint(.updated, plan)
        // [docs:insert]
        // One INSERT, compiled once and run for every body. (`body.insert(db)` finds
        // the same statement in GRDB's cache, but builds the row and its SQL again
        // for each body: see docs/07-solar-bodies.md, "A first sync of 100,000 bodies".)
        // INSERT INTO solar_body (id, name, english_name, …) VALUES (?, ?, ?, …)
        let insert = try db.cachedStatement(sql: SolarBody.insertSQL)
        for body in plan.insertions {
            try insert.execute(arguments: body.insertArguments)
        }
        // [/docs:insert]
        try checkpoint(.inserted, plan)
        return plan
        // COMMIT (or ROLLBACK, if anything above threw)
    }
}
// [/docs:sync]
