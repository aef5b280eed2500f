import ArgumentParser
import CourseCore
import Foundation
import GRDB

/// `step7`: an offline-first cache of solar bodies. With no subcommand, the tour.
///
/// `sync` is the only subcommand that reads a source; `list`, `search` and
/// `show` read the cache alone, so they work with no network at all.
@main
struct Step7: AsyncParsableCommand, Lesson {
    static let configuration = CommandConfiguration(
        commandName: "step7",
        abstract: "Step 7: an offline-first cache of solar bodies (schema from a SQL file, sync in one transaction).",
        subcommands: [Tour<Step7>.self, Sync.self, List.self, Search.self, Show.self],
        defaultSubcommand: Tour<Step7>.self
    )

    /// `--database`, `--in-memory` and `--trace` work before the subcommand as after it (see DatabaseOptions).
    @OptionGroup var options: DatabaseOptions

    struct Sync: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Bring the cache up to date from a source, in one transaction.",
            discussion: """
                SOURCE is v1 or v2 (the bundled fixtures), an https://, http:// or file:// URL, or a file path. \
                The live API is \(Source.liveAPI); it wants a key: put it in \(Source.apiKeyVariable) \
                and step7 sends it as `Authorization: Bearer <key>`.
                """
        )
        @Argument(help: "Where to read the bodies from.") var source = "v1"
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            // Lines leave at once (not when a buffer fills), so whoever watches
            // the output sees "Transaction begun" while the transaction runs.
            let say = Narrator(write: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) })
            let source = try Source.parse(source)
            let key = ProcessInfo.processInfo.environment[Source.apiKeyVariable].flatMap { $0.isEmpty ? nil : $0 }
            let keyNote = key != nil && !source.url.isFileURL ? " (with the key in \(Source.apiKeyVariable))" : ""
            say.line("Fetching \(source.display)\(keyNote)")
            // Everything is fetched and checked before the cache is even opened.
            let bodies = try decodeBodies(try await source.fetch(apiKey: key), from: source.display)
            say.line("Decoded \(bodies.count) bodies.")

            let cache = try openCache(database.location(defaultFile: "step7.sqlite"), trace: database.trace, narrator: say)
            let plan = try attempt("sync the cache with \(source.display)") {
                try sync(cache, with: bodies) { stage, plan in
                    guard stage == .began else { return }
                    say.line("Transaction begun: \(plan.deletions.count) to delete, \(plan.updates.count) to update, \(plan.insertions.count) to insert.")
                }
            }
            say.line("Committed: \(plan.summary).")
            let count = try await cache.read { db in try SolarBody.fetchCount(db) } // SELECT COUNT(*) FROM solar_body
            say.line("The cache holds \(count) bodies.")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the cached bodies by English name (no network needed).")
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let bodies = try readCache(database, "list the cached bodies") { db in try SolarBody.all(db) }
            guard !bodies.isEmpty else {
                return print("The cache is empty: run `step7 sync` first (it reads the bundled fixture by default).")
            }
            printTable(bodies)
        }
    }

    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Find cached bodies whose English name contains TEXT, ignoring case (no network needed).",
            discussion: "TEXT matches literally: % and _ are not wildcards, quotes are just characters."
        )
        @Argument(help: "The text to look for.") var text: String
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let text = text.trimmingCharacters(in: .whitespaces)
            let bodies = try readCache(database, "search the cache for \"\(text)\"") { db in
                try SolarBody.search(db, text: text)
            }
            print("\(bodies.count) \(bodies.count == 1 ? "body" : "bodies") whose English name contains \"\(text)\"")
            if !bodies.isEmpty { printTable(bodies) }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one cached body (no network needed).")
        @Argument(help: "The body's id, e.g. terre.") var id: String
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let body = try readCache(database, "read body \"\(id)\"") { db in
                try SolarBody.fetchOne(db, key: id) // SELECT * FROM solar_body WHERE id = ?
            }
            guard let body else {
                throw CourseError.input("no body with id \"\(id)\" in the cache (`step7 list` shows the ids)")
            }
            body.detailLines.forEach { print($0) }
        }
    }
}

/// Opens the subcommand's cache and reads from it.
private func readCache<T>(_ options: DatabaseOptions, _ what: String, _ read: (Database) throws -> T) throws -> T {
    let cache = try openCache(options.location(defaultFile: "step7.sqlite"), trace: options.trace, narrator: Narrator())
    return try attempt(what) { try cache.read(read) }
}

private func printTable(_ bodies: [SolarBody]) {
    Narrator().table(SolarBody.tableHeaders, bodies.map(\.tableRow), indent: "")
}
