import Foundation
import GRDB

// Exercise s9-snapshot-predict · predict the output · chapter 9, "WAL: readers and the writer do not block each other"
//
// Two connections to one file in WAL mode, A and B, driven one statement at a
// time from one thread. Read the program, then write in prediction.txt what it
// prints, line by line. Don't run it: `make ex` runs it and compares.

func program(say: (String) -> Void) throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("s9-\(UUID().uuidString).sqlite").path
    defer {
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
    var configuration = Configuration()
    configuration.journalMode = .wal
    configuration.allowsUnsafeTransactions = true  // a transaction stays open between the calls below
    let a = try DatabaseQueue(path: path, configuration: configuration)
    let b = try DatabaseQueue(path: path, configuration: configuration)
    try b.write { db in
        try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY); INSERT INTO note DEFAULT VALUES")
    }

    /// Runs one statement: its first value, "ok", or "error" and SQLite's extended result code.
    func run(_ connection: DatabaseQueue, _ sql: String) -> String {
        do {
            return try connection.inDatabase { db in try Int.fetchOne(db, sql: sql).map(String.init) ?? "ok" }
        } catch let error as DatabaseError {
            return "error \(error.extendedResultCode.rawValue)"
        } catch {
            return "error"
        }
    }

    say("A begin: " + run(a, "BEGIN"))
    say("A count: " + run(a, "SELECT COUNT(*) FROM note"))
    say("B insert: " + run(b, "INSERT INTO note DEFAULT VALUES"))
    say("A count: " + run(a, "SELECT COUNT(*) FROM note"))
    say("B count: " + run(b, "SELECT COUNT(*) FROM note"))
    say("A insert: " + run(a, "INSERT INTO note DEFAULT VALUES"))
    say("A rollback: " + run(a, "ROLLBACK"))
    say("A count: " + run(a, "SELECT COUNT(*) FROM note"))
}
