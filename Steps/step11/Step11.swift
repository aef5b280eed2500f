import ArgumentParser
import CourseCore
import GRDB

/// `step11`: harder questions in one query (JSON, generated columns, window
/// functions, recursive CTEs, UPSERT … RETURNING, STRICT). With no subcommand, the tour.
@main
struct Step11: ParsableCommand, Lesson {
    static let configuration = CommandConfiguration(
        commandName: "step11",
        abstract: "Step 11: harder questions in one query (JSON, window functions, recursive CTEs, UPSERT).",
        discussion: """
            The subcommands use db/step11.sqlite unless given --database or --in-memory. \
            A step 7, 8 or 10 file is upgraded in place: its documents table is added. \
            The documents come from `make step11 ARGS="sync v1"` (step 7's bundled fixture).
            """,
        subcommands: [Tour<Step11>.self, Sync.self, Rank.self, Timeline.self, Orbit.self, JSON.self],
        defaultSubcommand: Tour<Step11>.self
    )

    /// `--database`, `--in-memory` and `--trace` work before the subcommand as after it (see DatabaseOptions).
    @OptionGroup var options: DatabaseOptions

    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Insert new documents, update changed ones, delete the rest: one transaction, each id reported.")
        @Argument(help: "v1 or v2 (step 7's bundled fixtures), or a file path.") var source = "v1"
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let say = Narrator()
            let (json, display) = try bodiesJSON(source)
            let appDatabase = try AppDatabase.open(database, narrator: say)
            let report = try attempt("sync the documents with \(display)") { try appDatabase.sync(json: json) }
            say.line("Synced \(display) in one transaction: \(report.summary)")
            for line in report.details { say.line("  " + line) }
        }
    }

    struct Rank: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Rank the bodies by mean radius within their type (RANK() OVER (PARTITION BY …)).")
        @Option(help: "Only this type: star, planet, dwarf planet, moon or asteroid (any case).") var type: String?
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let say = Narrator()
            let appDatabase = try AppDatabase.open(database, reading: true, narrator: say)
            guard try hasDocuments(appDatabase, say) else { return }
            let ranked = try appDatabase.read { db in
                let ranked = try rankBodies(db, type: type)
                if ranked.isEmpty, let type {
                    let known = try bodyTypes(db).map { $0.lowercased() }.joined(separator: ", ")
                    throw CourseError.input("no body of type \"\(type)\"", fix: "one of: \(known)")
                }
                return ranked
            }
            say.table(RankedBody.tableHeaders, ranked.map(\.tableRow))
        }
    }

    struct Timeline: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Discoveries per period, the empty ones too, with a running total and the gaps between them.")
        @Option(help: "The length of a period, in years (1 to 400).") var years = 50
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            if !(1...400).contains(years) { throw ValidationError("--years must be from 1 to 400.") }
        }

        func run() throws {
            let say = Narrator()
            let appDatabase = try AppDatabase.open(database, reading: true, narrator: say)
            guard try hasDocuments(appDatabase, say) else { return }
            let (periods, gaps) = try appDatabase.read { db in
                (try discoveryTimeline(db, years: years), try discoveryGaps(db))
            }
            say.table(TimelineRow.tableHeaders, periods.map(\.tableRow))
            if let longest = gaps.max(by: { ($0.yearsSincePrevious ?? 0) < ($1.yearsSincePrevious ?? 0) }) {
                say.line(
                    "The longest wait: \(longest.yearsSincePrevious ?? 0) years, before \(longest.englishName) "
                        + "(\(longest.discoveryYear))")
            }
        }
    }

    struct Orbit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "What a body goes round, up to the Sun, and what goes round it (recursive CTEs).")
        @Argument(help: "An English name or an id, any case: Phobos, jupiter, terre.") var body: String
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let say = Narrator()
            let appDatabase = try AppDatabase.open(database, reading: true, narrator: say)
            guard try hasDocuments(appDatabase, say) else { return }
            let (chain, below) = try appDatabase.read { db in
                let id = try findBody(db, named: body)
                return (try orbitChain(db, of: id), try satellites(db, of: id))
            }
            say.line("Goes round: " + (try describe(chain)))
            say.line("Goes round it: " + (below.isEmpty ? "nothing" : below.joined(separator: ", ")))
        }
    }

    struct JSON: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "json",
            abstract: "Read one field of every body's JSON document (document ->> '$.field').")
        @Option(help: "A field of the API's documents: meanRadius, discoveredBy, aroundPlanet.planet…")
        var field: String
        @Flag(help: "Also show how SQLite finds the moons: by the JSON, or by the indexed generated column.")
        var plans = false
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let say = Narrator()
            try checkField(field)
            let appDatabase = try AppDatabase.open(database, reading: true, narrator: say)
            guard try hasDocuments(appDatabase, say) else { return }
            let values = try appDatabase.read { db in try fieldValues(db, field: field) }
            // An empty string is a value, not a missing one: shown as '' so that it is not a blank cell.
            say.table(["id", field], values.map { [$0.id, $0.value.map { $0.isEmpty ? "''" : $0 } ?? "NULL"] })
            let missing = values.filter { $0.value == nil }.count
            say.line("\(missing) of \(values.count) documents have no \(field) (or null): ->> gives NULL")
            let empty = values.filter { $0.value == "" }.count
            if empty > 0 {
                say.line("\(empty) of \(values.count) have an empty string, shown as '': ->> gives '' (text), not NULL")
            }
            guard plans else { return }
            for lookup in MoonLookup.allCases {
                let plan = try appDatabase.read { db in try queryPlan(db, lookup.sql, arguments: ["Moon"]) }
                say.line("\(lookup.sql)  →  \(plan.joined(separator: "; "))")
            }
        }
    }
}

/// Whether the documents are there; when not, says where they come from.
/// (Not an error: the file is fine, it only has not been synced yet.)
func hasDocuments(_ appDatabase: AppDatabase, _ say: Narrator) throws -> Bool {
    if try appDatabase.documentCount() > 0 { return true }
    say.line(#"No bodies yet: the documents come from a sync. make step11 ARGS="sync v1" (with the same --database)"#)
    return false
}

/// An orbit chain in words: "Phobos → Mars → Sun"; a cycle or a missing body is an error.
func describe(_ chain: [OrbitLink]) throws -> String {
    let names = chain.map { $0.englishName ?? $0.id }
    if let last = chain.last, last.isCycle {
        throw CourseError.badData(
            "the orbits form a cycle: \(names.joined(separator: " → ")); the query stopped there",
            fix: "fix aroundPlanet in the source's documents, then sync again")
    }
    if let last = chain.last, last.englishName == nil {
        throw CourseError.badData(
            "\(names.dropLast().joined(separator: " → ")) goes round \"\(last.id)\", which the documents do not hold",
            fix: "sync a source that lists it")
    }
    return chain.count == 1 ? "nothing (\(names[0]) is the centre)" : names.dropFirst().joined(separator: " → ")
}
