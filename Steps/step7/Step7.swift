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

            let cache = try AppDatabase.open(
                database.checkedLocation(
                    defaultFile: "step7.sqlite", for: "step7", migrations: AppDatabase.migrator.migrations),
                trace: database.trace, narrator: say)
            let plan = try attempt("sync the cache with \(source.display)") {
                try cache.sync(with: bodies) { stage, plan in
                    guard stage == .began else { return }
                    say.line(
                        "Transaction begun: \(plan.deletions.count) to delete, \(plan.updates.count) to update, \(plan.insertions.count) to insert."
                    )
                }
            }
            say.line("Committed: \(plan.summary).")
            say.line("The cache holds \(try cache.bodyCount()) bodies.")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the cached bodies by English name (no network needed).")
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let say = Narrator()
            let bodies = try readCache(database, "list the cached bodies", say) { try $0.bodies() }
            guard !bodies.isEmpty else {
                return say.line(
                    "The cache is empty: run `make step7 ARGS=\"sync\"` first (it reads the bundled fixture by default)."
                )
            }
            printTable(bodies, say)
        }
    }

    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Find cached bodies whose English name contains TEXT, ignoring case (no network needed).",
            discussion: """
                Case is ignored for every letter (øresund finds Øresund); % and _ are not wildcards, \
                quotes are just characters.
                """
        )
        @Argument(help: "The text to look for.") var text: String
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let say = Narrator()
            let text = text.trimmingCharacters(in: .whitespaces)
            let bodies = try readCache(database, "search the cache for \"\(text)\"", say) { try $0.search(text) }
            say.line("\(bodies.count) \(bodies.count == 1 ? "body" : "bodies") whose English name contains \"\(text)\"")
            if !bodies.isEmpty { printTable(bodies, say) }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one cached body (no network needed).")
        @Argument(help: "The body's id, e.g. terre.") var id: String
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let say = Narrator()
            let body = try readCache(database, "read body \"\(id)\"", say) { try $0.body(id: id) }
            guard let body else {
                throw CourseError.input(
                    "no body with id \"\(id)\" in the cache (`make step7 ARGS=\"list\"` shows the ids)")
            }
            body.detailLines.forEach(say.line)
        }
    }
}

/// Opens the subcommand's cache and reads from it.
private func readCache<T>(
    _ options: DatabaseOptions, _ what: String, _ say: Narrator, _ read: (AppDatabase) throws -> T
) throws -> T {
    let cache = try AppDatabase.open(
        options.checkedLocation(
            defaultFile: "step7.sqlite", for: "step7", migrations: AppDatabase.migrator.migrations, reading: true),
        reading: true, trace: options.trace, narrator: say)
    return try attempt(what) { try read(cache) }
}

private func printTable(_ bodies: [SolarBody], _ say: Narrator) {
    say.table(SolarBody.tableHeaders, bodies.map(\.tableRow), indent: "")
}
