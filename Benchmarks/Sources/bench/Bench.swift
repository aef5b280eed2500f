import ArgumentParser
import CourseCounters
import Foundation
import GRDB

/// `bench`: chapter 12's measurements. `make bench` builds it in release and
/// runs it from the repository's root; `make bench-quick` is CI's run.
@main
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Chapter 12: what transactions, prepared statements, indexes and GRDB's layers cost, side by side.",
        discussion: """
            Every comparison is a ratio to a baseline measured in the same run with the same pragmas, \
            the minimum of several repetitions, checked against the claim chapter 12 makes about it. \
            The scale section runs the steps' own executables (--steps). Run it from the repository's \
            root. Writes results.json and results.svg into --output.
            """
    )

    @Flag(
        help: "Small sizes, 2 repetitions: proves the program and its JSON work (bounds reported, exact claims held)."
    )
    var quick = false

    @Option(help: "Run only the comparisons whose section or name contains this text (any case).")
    var filter: String?

    @Option(help: "Multiply every row count by this factor (e.g. 0.1 on a slow machine).")
    var scale: Double = 1

    @Option(help: "Where to write results.json and results.svg.")
    var output = ".build/bench"

    @Option(help: "The folder holding the steps' executables, for the scale section.")
    var steps = ".build/release"

    func validate() throws {
        guard scale > 0 else { throw ValidationError("--scale must be more than 0.") }
        // The scale section reads the steps' own schema files.
        guard FileManager.default.fileExists(atPath: "Steps/step6/Resources/catalog.sql") else {
            throw ValidationError("Run bench from the course's root folder (`make bench` does).")
        }
    }

    func run() throws {
        let outputDirectory = URL(fileURLWithPath: output, isDirectory: true)
        let work = outputDirectory.appendingPathComponent("work", isDirectory: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        // A run leaves nothing behind but its results.
        defer { try? FileManager.default.removeItem(at: work) }

        let settings = Settings(
            quick: quick, multiplier: scale, filter: filter, workDirectory: work,
            stepsDirectory: URL(fileURLWithPath: steps, isDirectory: true),
            root: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
        let machine = Machine.current()
        say("Chapter 12 · \(machine.summary)")
        if machine.configuration != "release" {
            say("  (a \(machine.configuration) build: GRDB's figures are several times slower than in release.)")
        }
        if quick {
            say("  (--quick: small sizes, 2 repetitions. The figures prove the program runs; do not quote them.)")
        }

        // Every connection of the run, the C API's and GRDB's, through the counting VFS (the
        // default one now, so nobody names it): the counts printed beside the times.
        try CountingVFS.register(asDefault: true)
        try checkGRDBIsCounted(in: work)

        let recorder = Recorder(settings: settings)
        for run in sections { try run(recorder) }

        let report = Report(machine: machine, quick: quick, multiplier: scale, results: recorder.results)
        try report.write(to: outputDirectory)
        let judged = recorder.results.filter(recorder.judges)
        let failed = judged.filter { !$0.holds }
        if quick {
            say("\n\(recorder.results.count) comparisons measured at small sizes.")
        } else {
            say("\n\(judged.count - failed.count) of \(judged.count) claims hold on this machine.")
            if let closest = recorder.smallestMargin {
                say(
                    "Smallest margin: \(formatRatio(closest.margin))× (\(closest.name)); the bounds are set for at least 2×."
                )
            }
        }
        let exact = recorder.results.filter { $0.claimDirection == .exactly }
        if !exact.isEmpty {
            say("Exact claims (a count, no margin): \(exact.filter(\.holds).count) of \(exact.count) hold.")
        }
        say("Wrote \(display(outputDirectory.appendingPathComponent("results.json"))) and results.svg beside it.")
        // A full run is the chapter's proof: a claim that fails is an error.
        // A quick run only reports (its sizes are too small for the bounds),
        // except for exact claims: a busy error is a bug at any size.
        if !failed.isEmpty {
            say("Claims that did not hold: \(failed.map(\.name).joined(separator: "; ")).")
            throw ExitCode.failure
        }
        if quick {
            say(
                "A quick run only reports: it measures smaller sizes than the claims' and repeats each twice, so the "
                    + "\(recorder.results.count - exact.count) claims on a ratio or a time are not judged "
                    + "(the chart draws them grey). `make bench` runs the full sizes and judges every claim.")
        }
    }
}

/// The sections, in the order chapter 12 reads.
let sections: [@Sendable (Recorder) throws -> Void] = [
    benchmarkTransactions,
    benchmarkStatements,
    benchmarkIndexes,
    benchmarkReadTransactions,
    benchmarkGRDBInserts,
    benchmarkGRDBFetches,
    benchmarkScale,
    benchmarkConcurrency,
    benchmarkFullText,
    benchmarkOneQuery,
]

/// GRDB opens its connections through the default VFS, the counting one from
/// here on: one commit of a queue (DELETE journal, synchronous FULL) is
/// counted as its three syncs, or the run stops before it prints a wrong count.
func checkGRDBIsCounted(in work: URL) throws {
    let path = work.appendingPathComponent("counted.sqlite").path
    try removeDatabase(path)
    defer { try? removeDatabase(path) }
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
    let syncs = try queue.read { db in db.sqliteConnection.map { DatabaseFileCounts(connection: $0).total.syncs } }
    guard syncs == 3 else {
        throw ValidationError("GRDB's connections are not counted: one commit made \(syncs ?? 0) syncs, not 3.")
    }
}

/// A path relative to the current directory when it is inside it.
func display(_ url: URL) -> String {
    let here = FileManager.default.currentDirectoryPath + "/"
    return url.path.hasPrefix(here) ? String(url.path.dropFirst(here.count)) : url.path
}
