import CourseCore
import Foundation
import GRDB

/// GRDB settings shared by the GRDB steps (2 to 7).
public enum CourseGRDB {
    /// A configuration with foreign keys on (GRDB's default, and SQLite's
    /// is off) and, when `trace` is set, every statement printed before it
    /// runs, with its argument values filled in.
    public static func configuration(trace: Bool, narrator: Narrator, foreignKeys: Bool = true) -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = foreignKeys
        if CommandStatistics.shared.isOn {
            // --stats needs each statement as it finishes, and SQLite keeps one trace
            // callback per connection: ours does both, printing --trace as GRDB would.
            configuration.prepareDatabase { db in
                guard let connection = db.sqliteConnection else { return }
                RawTrace.install(on: connection, narrator: trace ? narrator : nil, format: grdbTraceFormat)
            }
        } else if trace {
            configuration.prepareDatabase { db in
                db.trace { event in narrator.trace(event.expandedDescription) }
            }
        }
        return configuration
    }

    /// `--trace`'s line as GRDB's `expandedDescription` has it: a statement inside
    /// a trigger as SQLite names it (`-- TRIGGER …`), any other with its values
    /// filled in, without the spaces and `;` around it.
    static let grdbTraceFormat: RawTrace.Format = { expanded, text in
        text.hasPrefix("--")
            ? text : expanded.trimmingCharacters(in: .whitespacesAndNewlines.union(.init(charactersIn: ";")))
    }

    /// Opens a `DatabaseQueue` at `location`. A file that is not a database,
    /// or a folder that does not exist, fails here with SQLite's code
    /// (`SQLITE_NOTADB`, `SQLITE_CANTOPEN`) rather than later.
    public static func openQueue(_ location: DatabaseLocation, configuration: Configuration) throws -> DatabaseQueue {
        try attempt("open \(location.display)") {
            switch location {
            case .inMemory:
                return try DatabaseQueue(configuration: configuration)
            case .file(let path):
                let queue = try DatabaseQueue(path: path, configuration: configuration)
                // Reading the schema proves the file is a database.
                _ = try queue.read { db in try db.tableExists("sqlite_master") }
                return queue
            }
        }
    }
}
