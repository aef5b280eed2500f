import ArgumentParser
import CourseCore
import GRDB

/// `step10`: full-text search (FTS5) over step 8's catalog and bodies cache. With no subcommand, the tour.
@main
struct Step10: ParsableCommand, Lesson {
    static let configuration = CommandConfiguration(
        commandName: "step10",
        abstract: "Step 10: full-text search with SQLite's FTS5 (ranked, highlighted, kept in sync by triggers).",
        discussion: """
            The subcommands use db/step10.sqlite unless given --database or --in-memory. \
            A file of step 6, 7 or 8 is upgraded in place: the missing tables, then the indexes. \
            Bodies come from `make step10 ARGS="sync"` (step 7's bundled fixture).
            """,
        subcommands: [
            Tour<Step10>.self, Search.self, Sync.self, Add.self, Rename.self, Delete.self, Check.self,
            Diagram.self,
        ],
        defaultSubcommand: Tour<Step10>.self
    )

    /// `--database`, `--in-memory` and `--trace` work before the subcommand as after it (see DatabaseOptions).
    @OptionGroup var options: DatabaseOptions

    /// Which index `search` reads.
    enum Index: String, ExpressibleByArgument, CaseIterable {
        case products, bodies, all
    }

    struct Search: ParsableCommand, TakesAnyWord {
        static let configuration = CommandConfiguration(
            abstract: "Find products and bodies by words, best first, each with a highlighted snippet.",
            discussion: """
                The words must all appear, the last may be unfinished (tro finds Trout). \
                Any punctuation (quotes, *, -, :, parentheses, a dot, an apostrophe) and AND, OR, NOT, NEAR \
                are searched as words, never read as FTS5 syntax. \
                --query takes FTS5's own syntax instead: make step10 ARGS="search --query 'category: cheeses' --in products"
                """)
        // `.allUnrecognized`: `search -honey` is a word to search, not an unknown option; a mistyped
        // `--option` is refused all the same (TakesAnyWord), and after `--` every word is searched.
        @Argument(parsing: .allUnrecognized, help: "Words to look for (not needed with --query).") var words: [String] =
            []
        // `.unconditional`: the next word is the query even when it starts with `-` (`--query '-honey'`).
        @Option(
            parsing: .unconditional,
            help: "A query in FTS5's syntax: phrases, NEAR, AND/OR/NOT, column filters, prefix*.")
        var query: String?
        @Option(name: .customLong("in"), help: "Which index to search: products, bodies or all.") var index: Index =
            .all
        @Option(
            parsing: .unconditional,
            help: "How many hits to show per index, best first (\(Self.limits.lowerBound)-\(Self.limits.upperBound)).")
        var limit = 10
        static let limits = 1...1000
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            if words.isEmpty == (query == nil) {
                throw ValidationError("Give words to search, or --query, not both (nor neither).")
            }
            guard Self.limits.contains(limit) else {
                throw ValidationError("--limit must be between 1 and \(Self.limits.upperBound), not \(limit).")
            }
        }

        func run() throws {
            let say = Narrator()
            let search: SearchQuery = query.map(SearchQuery.raw) ?? .words(words.joined(separator: " "))
            let appDatabase = try AppDatabase.open(database, reading: true, narrator: say)
            for fullText in FullTextIndex.allCases where index == .all || index.rawValue == fullText.label {
                let name = fullText.label
                let hits = try attempt("search the \(name) for \(search.display)") {
                    try appDatabase.search(search, in: fullText, limit: limit)
                }
                // As many as the limit: there may be more, and the line says how to see them.
                let more = hits.count == limit ? " (the best \(limit); --limit \(limit * 2) shows more)" : ""
                say.line("\(name): \(hits.count) found" + more)
                if !hits.isEmpty { say.table(SearchHit.tableHeaders, hits.map(\.tableRow), indent: "  ") }
            }
        }
    }

    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Bring the bodies cache up to date from v1, v2 or a JSON file, in one transaction.")
        @Argument(help: "v1 or v2 (step 7's bundled fixtures), or a file path.") var source = "v1"
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let say = Narrator()
            let (json, display) = try bodiesJSON(source)
            let appDatabase = try AppDatabase.open(database, narrator: say)
            let count = try attempt("sync the cache with \(display)") { try appDatabase.syncBodies(json: json) }
            say.line("Synced \(display) in one transaction: \(count.summary); the index followed.")
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a product (the index follows, by trigger).")
        @Argument(help: "The product's name.") var name: String
        @Option(help: "Its category's id (1-8).") var category: Int64?
        @Option(help: "Its supplier's id (1-10).") var supplier: Int64?
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let say = Narrator()
            let appDatabase = try AppDatabase.open(database, narrator: say)
            let id = try attempt("add the product \"\(name)\"") {
                try appDatabase.addProduct(name: name, categoryID: category, supplierID: supplier)
            }
            say.line("Added product #\(id): \(name)")
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Rename a product (the index follows, by trigger).")
        @Argument(help: "The product's id.") var id: Int64
        @Argument(help: "Its new name.") var name: String
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let say = Narrator()
            let appDatabase = try AppDatabase.open(database, narrator: say)
            try attempt("rename product #\(id)") { try appDatabase.renameProduct(id: id, to: name) }
            say.line("Product #\(id) is now \(name)")
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a product (the index follows, by trigger).")
        @Argument(help: "The product's id.") var id: Int64
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let say = Narrator()
            let appDatabase = try AppDatabase.open(database, narrator: say)
            try attempt("delete product #\(id)") { try appDatabase.deleteProduct(id: id) }
            say.line("Deleted product #\(id)")
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check each index against its table (FTS5's integrity-check, rank 1).")
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let say = Narrator()
            let appDatabase = try AppDatabase.open(database, reading: true, writes: true, narrator: say)
            let file = database.database.map(Workspace.display) ?? "db/\(AppDatabase.defaultFile)"
            try attempt("check the indexes") { try appDatabase.checkIndexes(file: file) }
            let counts = try FullTextIndex.allCases.map { "\($0.table) (\(try appDatabase.count($0.table)) rows)" }
            say.line("Both indexes agree with their tables: \(counts.joined(separator: ", ")).")
        }
    }

    struct Diagram: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a Mermaid diagram of the indexes and their triggers, read from the file's schema.",
            discussion: "Chapter 10 shows it: make step10-diagram prints it for a fresh in-memory database.")
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let say = Narrator()
            let appDatabase = try AppDatabase.open(database, reading: true, narrator: say)
            for line in try attempt("read the schema") { try appDatabase.diagram() } { say.line(line) }
        }
    }
}
