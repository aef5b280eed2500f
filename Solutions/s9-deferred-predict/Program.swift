import Foundation
import GRDB

// Exercise s9-deferred-predict · predict the output · chapter 9, "Read, then write: why DEFERRED fails at once"
//
// Two connections to one file, A and B, driven one statement at a time from
// one thread. Both have a busy timeout of one second. Read the program, then
// write in prediction.txt what it prints, line by line. Don't run it: `make ex`
// runs it and compares.

func program(say: (String) -> Void) throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("s9-\(UUID().uuidString).sqlite").path
    defer {
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
    var configuration = Configuration()
    configuration.busyMode = .timeout(1)
    configuration.allowsUnsafeTransactions = true  // a transaction stays open between the calls below
    let a = try DatabaseQueue(path: path, configuration: configuration)
    let b = try DatabaseQueue(path: path, configuration: configuration)
    try b.write { db in
        try db.execute(sql: "CREATE TABLE visit (id INTEGER PRIMARY KEY); INSERT INTO visit DEFAULT VALUES")
    }

    /// Runs one statement: its first value, "ok", or "error" and SQLite's primary result code.
    func run(_ connection: DatabaseQueue, _ sql: String) -> String {
        do {
            return try connection.inDatabase { db in try Int.fetchOne(db, sql: sql).map(String.init) ?? "ok" }
        } catch let error as DatabaseError {
            return "error \(error.resultCode.rawValue)"
        } catch {
            return "error"
        }
    }

    say("A begin: " + run(a, "BEGIN DEFERRED"))
    say("A count: " + run(a, "SELECT COUNT(*) FROM visit"))
    say("B begin: " + run(b, "BEGIN IMMEDIATE"))
    say("B insert: " + run(b, "INSERT INTO visit DEFAULT VALUES"))
    say("A insert: " + run(a, "INSERT INTO visit DEFAULT VALUES"))
    say("A rollback: " + run(a, "ROLLBACK"))
    say("B commit: " + run(b, "COMMIT"))
    say("A count: " + run(a, "SELECT COUNT(*) FROM visit"))
}
