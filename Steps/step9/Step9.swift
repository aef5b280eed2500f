import ArgumentParser
import CourseCore
import Foundation
import GRDB

/// `step9`: many readers, one writer. With no subcommand, the tour.
@main
struct Step9: ParsableCommand, Lesson {
    static let configuration = CommandConfiguration(
        commandName: "step9",
        abstract: "Step 9: many readers, one writer (locks, SQLITE_BUSY, WAL, DatabasePool, several processes).",
        subcommands: [Tour<Step9>.self, WriteLoad.self, List.self, Worker.self],
        defaultSubcommand: Tour<Step9>.self
    )

    /// `--database`, `--in-memory` and `--trace` work before the subcommand as after it (see DatabaseOptions).
    @OptionGroup var options: DatabaseOptions

    struct WriteLoad: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "write-load",
            abstract: "Start N processes of step 9, each adding M entries to one file; count what was stored.",
            discussion: """
                Each process adds its entries one short transaction at a time; each transaction reads the \
                process's last number, then writes the next. By default with the chapter's configuration \
                (a busy timeout, and BEGIN IMMEDIATE); --no-timeout or --deferred changes one of the two. \
                Exit status 0 only when every entry was stored.
                """
        )
        // `.unconditional`: `--processes -1` is a number out of range, not a missing value.
        @Option(
            parsing: .unconditional,
            help:
                "How many processes write at once (\(LoadPlan.processRange.lowerBound)-\(LoadPlan.processRange.upperBound))."
        )
        var processes = 4
        @Option(
            parsing: .unconditional,
            help:
                "How many entries each process adds (\(LoadPlan.insertRange.lowerBound)-\(LoadPlan.insertRange.upperBound))."
        )
        var inserts = 500
        @Flag(help: "No busy timeout (GRDB's default): a writer that finds another at work fails at once.")
        var noTimeout = false
        @Flag(help: "BEGIN DEFERRED instead of IMMEDIATE: a transaction that has read cannot wait for the write lock.")
        var deferred = false
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            try LoadPlan.validate(processes: processes, inserts: inserts, inMemory: database.inMemory)
            try LoadPlan.validate(noTimeout: noTimeout, deferred: deferred)
        }

        func run() throws {
            let say = Narrator()
            let location = try database.checkedLocation(
                defaultFile: "step9.sqlite", for: "step9", migrations: AppDatabase.migrator.migrations)
            guard case .file(let path) = location else { return }  // validate() refused --in-memory
            let plan = LoadPlan(
                processes: processes, inserts: inserts, mode: LoadPlan.mode(noTimeout: noTimeout, deferred: deferred))
            let outcome = try plan.run(on: path, trace: database.trace, narrator: say)
            say.line(outcome.summary)
            try outcome.check()
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Count the entries in the file, per worker process.")
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let say = Narrator()
            let location = try database.checkedLocation(
                defaultFile: "step9.sqlite", for: "step9", migrations: AppDatabase.migrator.migrations,
                reading: true)
            let app = try AppDatabase.open(
                location, configuration: WriteMode.shared.configuration(trace: database.trace, narrator: say),
                reading: true)
            let counts = try attempt("count the entries") { try app.countsByWorker() }
            say.table(["worker", "entries"], counts.map { ["\($0.worker)", "\($0.count)"] }, indent: "")
            say.line("\(counts.reduce(0) { $0 + $1.count }) entries")
        }
    }

    /// One of write-load's processes (hidden: write-load starts it).
    struct Worker: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add entries as one of write-load's processes.", shouldDisplay: false)
        @Option(help: "This process's number, stored in each entry.") var worker: Int
        @Option(help: "How many entries to add.") var inserts: Int
        @Flag(help: "No busy timeout.") var noTimeout = false
        @Flag(help: "BEGIN DEFERRED instead of IMMEDIATE.") var deferred = false
        @Option(help: "The file, set up by write-load.") var file: String

        func validate() throws {
            try LoadPlan.validate(noTimeout: noTimeout, deferred: deferred)
        }

        func run() throws {
            // SIGTERM from write-load ends this process where it is (CourseCore's
            // Interrupt, as in every step): a transaction not committed yet is not kept.
            let mode = LoadPlan.mode(noTimeout: noTimeout, deferred: deferred)
            let tally = try LoadPlan.work(worker: worker, inserts: inserts, mode: mode, path: file)
            Narrator().line(tally.line)  // standard output: write-load reads it
        }
    }
}
