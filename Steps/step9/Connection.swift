import CourseCore
import CourseGRDB
import Foundation
import GRDB

/// One of the tour's two connections to the same file: a `DatabaseQueue`
/// (one SQLite connection) whose busy handler is watched (see `BusyWatch`).
struct Connection: Sendable {
    let name: String
    let queue: DatabaseQueue
    let busy: BusyWatch

    init(_ name: String, path: String, trace: Bool, narrator: Narrator) throws {
        self.name = name
        let busy = BusyWatch()
        self.busy = busy
        var configuration = CourseGRDB.configuration(trace: trace, narrator: narrator)
        configuration.busyMode = .callback { [busy] _ in busy.busy() }
        // The tour runs BEGIN, then other statements, then COMMIT, one call at a
        // time, so a transaction stays open between calls: GRDB refuses that
        // unless told (an app keeps a transaction inside one write { … }).
        configuration.allowsUnsafeTransactions = true
        queue = try attempt("open \(Workspace.display(path))") {
            try DatabaseQueue(path: path, configuration: configuration)
        }
    }

    /// Runs `sql` and returns its first row's values, if any (`SELECT COUNT(*)` → "3").
    @discardableResult
    func run(_ sql: String) throws -> String? {
        try queue.inDatabase { db in
            try Row.fetchOne(db, sql: sql).map { row in
                row.databaseValues.map { String.fromDatabaseValue($0) ?? $0.description }.joined(separator: ", ")
            }
        }
    }

    /// The number of entries this connection sees (inside its transaction, if one is open).
    func count() throws -> Int {
        try queue.inDatabase { db in try Entry.fetchCount(db) }  // SELECT COUNT(*) FROM "entry"
    }

    /// Whether a transaction is open (SQLite's `sqlite3_get_autocommit` says no).
    var isInsideTransaction: Bool {
        queue.inDatabase { db in db.isInsideTransaction }
    }

    /// Runs `sql` and says what happened: its value, or SQLite's error. Returns whether it worked.
    @discardableResult
    func narrate(_ say: Narrator, _ sql: String) -> Bool {
        say.action("\(name): \(sql)")
        do {
            let value = try run(sql)
            say.result(value.map { "\($0)" } ?? "done")
            return true
        } catch {
            say.expectedError(ErrorReport("\(name) could not run \(sql)", error: error))
            return false
        }
    }
}
