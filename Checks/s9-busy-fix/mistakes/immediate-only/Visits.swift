import GRDB

// Exercise s9-busy-fix · fix the bug · chapter 9, "A file shared between processes"
//
// Several processes of an app record visits in one file. Alone, each works;
// together, some of them fail with "SQLITE_BUSY: database is locked". Make a
// writer wait its turn instead: it waits for another process's transaction
// to end (up to a time you choose), then records the number after the last
// visit. Both functions need a change.

/// The configuration every process opens the shared file with.
func sharedConfiguration() -> Configuration {
    var configuration = Configuration()
    configuration.busyMode = .immediateError
    return configuration
}

/// Records a visit, numbered after the visits already in the file.
func recordVisit(_ queue: DatabaseQueue) throws {
    try queue.writeWithoutTransaction { db in
        try db.inTransaction(.immediate) {
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM visit") ?? 0
            try db.execute(sql: "INSERT INTO visit (number) VALUES (?)", arguments: [count + 1])
            return .commit
        }
    }
}
