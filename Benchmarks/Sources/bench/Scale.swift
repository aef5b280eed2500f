import Foundation

// Section 6 · The course's own commands at growing sizes.
//
// The steps are executables: another package cannot import them, and copying
// their queries here would measure the copy, not the course. So the bench
// runs the real commands, `make stepN ARGS="…"`'s executables built in
// release, as a learner would, on databases it generates at each size and
// passes with `--database`. A command's time includes starting the process
// and opening the database; the same command on a one-row database measures
// that part, and the difference ("net") is the command's own work.

/// One command of a step, measured at every size.
private struct Operation {
    var title: String  // "step 6 search"
    var unit: String  // "products"
    var one: String  // "product"
    /// Builds the database (and any file) for a size, returns the command's arguments.
    var setUp: (Int) throws -> [String]
    /// Runs before each run of the command, inside its timing (so: tiny), e.g. to start from an empty cache.
    var prepare: (Int) throws -> Void = { _ in }
    /// The claim about the command at a size.
    var claim: (Int) -> Claim
    /// What `--stats` counts that explains the claim: the command's scans, its sorts, its statements.
    var counted: StatsCount

    /// The step's executable: "step 6 search" runs step6.
    var executable: String { "step" + title.dropFirst("step ".count).prefix { $0 != " " } }
}

/// A total of the `--stats` report a step prints (CourseCore's CommandStatistics): the same
/// counts the course's tests assert, read from a run of the real command.
enum StatsCount: String {
    case fullScanSteps = "full-scan steps"
    case sorts
    case statementsRun = "statements run"

    /// The total over every statement of the report a command printed after `--stats: what SQLite did`.
    func total(in report: String) throws -> Int {
        // A statement's line ends with eight numbers: runs, VM steps, full-scan steps, sorts,
        // auto-index rows, cache hits, pages read, pages written.
        guard let start = report.range(of: "--stats: what SQLite did") else {
            throw BenchError("no --stats report in:\n\(report)")
        }
        let rows = report[start.upperBound...].split(separator: "\n").compactMap { line -> [Int]? in
            let numbers = line.split(separator: " ").suffix(8).compactMap { Int($0) }
            return numbers.count == 8 ? numbers : nil
        }
        guard !rows.isEmpty else { throw BenchError("no --stats report in:\n\(report)") }
        let column = [Self.statementsRun: 0, .fullScanSteps: 2, .sorts: 3][self] ?? 0
        return rows.reduce(0) { $0 + $1[column] }
    }
}

func benchmarkScale(_ recorder: Recorder) throws {
    let section = "Scale"
    let settings = recorder.settings
    let sizes = (settings.quick ? [100, 1_000] : [1_000, 10_000, 100_000]).map { settings.count($0, quick: $0) }
    // Starting a process varies by tens of milliseconds on a busy machine:
    // many repetitions where the commands are short, fewer where they are long.
    func repetitions(_ size: Int) -> Int { settings.repetitions(size >= 100_000 ? 5 : 9) }
    let data = ScaleData(settings: settings)

    // Two kinds of bound (chapter 12, "Claims"): a command that stays
    // interactive answers within 100 ms of its own work (the classic limit
    // for a response that feels immediate); a command whose work grows with
    // the rows (a sort, a scan, a sync) takes over 25 ms at the sizes where
    // the chapter says so. Each bound is cleared at least 2× on the reference machine.
    let interactive = 0.1
    let grows = 0.025
    let operations = [
        Operation(
            title: "step 4 list --order asc", unit: "items", one: "item",
            setUp: { size in ["list", "--order", "asc", "--database", try data.items(size)] },
            claim: { size in
                size <= 1_000
                    ? .netUnder(interactive, "listing \(size) items by name stays interactive (under 100 ms)")
                    : .netOver(grows, "listing \(size) items sorts them all with a Swift collation: over 25 ms")
            }, counted: .sorts),
        Operation(
            title: "step 4 list --order asc (with an index)", unit: "items", one: "item",
            setUp: { size in ["list", "--order", "asc", "--database", try data.indexedItems(size)] },
            claim: { size in
                size <= 1_000
                    ? .netUnder(
                        interactive, "with the index, listing \(size) items by name stays interactive (under 100 ms)")
                    : .netUnder(
                        Double(size) / 50_000,
                        "with the index, \(size) items list in under \(formatSeconds(Double(size) / 50_000)): no sort")
            }, counted: .sorts),
        Operation(
            title: "step 6 search", unit: "products", one: "product",
            setUp: { size in ["search", "Marmalade", "--database", try data.catalog(size)] },
            claim: { size in
                size <= 10_000
                    ? .netUnder(interactive, "searching \(size) products stays interactive (under 100 ms)")
                    : .netOver(grows, "searching \(size) products scans them all: over 25 ms")
            }, counted: .fullScanSteps),
        Operation(
            title: "step 6 edit", unit: "products", one: "product",
            setUp: { size in
                ["edit", String(max(1, size / 2)), "--price", "PRICE", "--database", try data.catalog(size)]
            },
            claim: { size in
                .netUnder(interactive, "editing one of \(size) products stays interactive: a primary-key lookup")
            }, counted: .fullScanSteps),
        Operation(
            title: "step 7 sync (first sync, empty cache)", unit: "bodies", one: "body",
            setUp: { size in ["sync", try data.bodies(size, changed: false), "--database", data.cachePath(size)] },
            prepare: { size in try removeDatabase(data.cachePath(size)) },
            claim: { size in
                size <= 1_000
                    ? .netUnder(0.25, "a first sync of \(size) bodies takes under a quarter of a second")
                    : .netOver(grows, "a first sync of \(size) bodies decodes, then inserts each row: over 25 ms")
            }, counted: .statementsRun),
        Operation(
            title: "step 7 search", unit: "bodies", one: "body",
            setUp: { size in ["search", "Titan", "--database", try data.syncedCache(size)] },
            claim: { size in
                size <= 10_000
                    ? .netUnder(interactive, "searching \(size) cached bodies stays interactive (under 100 ms)")
                    : .netOver(grows, "searching \(size) cached bodies reads them all: over 25 ms")
            }, counted: .fullScanSteps),
    ]

    for operation in operations {
        let names = sizes.map { "\(operation.title) · \(formatCount($0)) \(operation.unit)" }
        guard recorder.wants(section, names) else { continue }
        // Process start and open: the same command on a one-row database,
        // run in turns with the command at each size (see `sideBySide`).
        let start = try command(operation, size: 1, settings: settings)
        let startCount = try count(operation, size: 1, settings: settings)
        var previous: (size: Int, net: Double)?
        for (size, name) in zip(sizes, names) {
            let sized = try command(operation, size: size, settings: settings)
            let timing = try sideBySide(
                repetitions: repetitions(size), clock: .childProcessor, baseline: start, measured: sized)
            let net = timing.measured.minimum - timing.baseline.minimum
            let startText = "\(formatSeconds(timing.baseline.minimum)) of process start and open"
            var notes = [
                net > 0 ? "net \(formatSeconds(net)) after \(startText)" : "no time measurable beyond the \(startText)"
            ]
            if let previous, previous.net > 0.002, net > 0.002 {
                notes.append("net time ×\(formatRatio(net / previous.net)) for ×\(size / previous.size) the rows")
            }
            previous = (size, net)
            // One more run of each side, with --stats, outside the clock: what SQLite did.
            let counted = operation.counted.rawValue
            recorder.record(
                section, name, clock: .childProcessor, against: "\(operation.title) · 1 \(operation.one)",
                measured: Timing(
                    samples: timing.measured.samples, count: try count(operation, size: size, settings: settings),
                    counted: counted),
                baseline: Timing(samples: timing.baseline.samples, count: startCount, counted: counted),
                repetitions: repetitions(size), claim: operation.claim(size), notes: notes)
        }
    }
    try compareStep4Index(recorder, size: sizes.last ?? 1, repetitions: repetitions(sizes.last ?? 1), data: data)
}

/// Step 4's ordered list at the largest size, without and with the index,
/// in turns: what the index saves, as one ratio.
private func compareStep4Index(_ recorder: Recorder, size: Int, repetitions: Int, data: ScaleData) throws {
    let name = "step 4 list --order asc · \(formatCount(size)) items, sorted by the collation"
    guard recorder.wants("Scale", [name]) else { return }
    let list = ["list", "--order", "asc", "--database"]
    let plainFile = try data.items(size)
    let indexedFile = try data.indexedItems(size)
    let plain = list + [plainFile]
    let indexed = list + [indexedFile]
    let settings = recorder.settings
    let notes = [
        "without the index  →  \(try data.itemsListPlan(plainFile))",
        "with the index  →  \(try data.itemsListPlan(indexedFile))",
    ]
    try recorder.compare(
        "Scale", name, clock: .childProcessor, against: "the same list read through the index on name COLLATE itemName",
        claim: .atLeast(
            1.25, "at \(formatCount(size)) items, the index makes step 4's ordered list at least 1.25× faster"),
        repetitions: repetitions, notes: notes
    ) {
        let timing = try sideBySide(
            repetitions: repetitions, clock: .childProcessor,
            baseline: { try runStep("step4", indexed, settings: settings) },
            measured: { try runStep("step4", plain, settings: settings) })
        // One more run of each, with --stats: the sort the index saves.
        let sorts = try [indexed, plain].map { arguments in
            try StatsCount.sorts.total(
                in: runStep("step4", arguments + ["--stats"], settings: settings, keepOutput: true))
        }
        return (
            Timing(samples: timing.baseline.samples, count: sorts[0], counted: StatsCount.sorts.rawValue),
            Timing(samples: timing.measured.samples, count: sorts[1], counted: StatsCount.sorts.rawValue)
        )
    }
}

/// The command at one size, run once with `--stats` (outside any clock): the count its claim rests on.
private func count(_ operation: Operation, size: Int, settings: Settings) throws -> Int {
    try operation.prepare(size)
    let arguments = try operation.setUp(size).map { $0 == "PRICE" ? "12" : $0 } + ["--stats"]
    return try operation.counted.total(
        in: runStep(operation.executable, arguments, settings: settings, keepOutput: true))
}

/// The command at one size, ready to be timed: its database is built now.
private func command(_ operation: Operation, size: Int, settings: Settings) throws -> () throws -> Void {
    let arguments = try operation.setUp(size)
    let step = operation.executable
    var run = 0
    return {
        // `edit` must change something each time, or it would write nothing.
        run += 1
        try operation.prepare(size)  // e.g. delete a file: microseconds, beside tens of milliseconds
        try runStep(step, arguments.map { $0 == "PRICE" ? String(10 + run % 2) : $0 }, settings: settings)
    }
}

// [docs:run-step]
/// Runs a step's executable and waits; output is thrown away, errors are not.
@discardableResult
func runStep(_ step: String, _ arguments: [String], settings: Settings, keepOutput: Bool = false) throws -> String {
    let executable = settings.stepsDirectory.appendingPathComponent(step)
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
        throw BenchError(
            "no \(display(executable)): build it with `swift build -c release --product \(step)` (make bench does)")
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = keepOutput ? output : FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let printed = keepOutput ? output.fileHandleForReading.readDataToEndOfFile() : Data()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw BenchError(
            "\(step) \(arguments.joined(separator: " ")) exited with status \(process.terminationStatus):\n"
                + String(decoding: message, as: UTF8.self))
    }
    return String(decoding: printed, as: UTF8.self)
}
// [/docs:run-step]

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// 100000 → "100,000".
func formatCount(_ count: Int) -> String {
    let digits = String(count)
    var groups: [String] = []
    var end = digits.endIndex
    while end > digits.startIndex {
        let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
        groups.insert(String(digits[start..<end]), at: 0)
        end = start
    }
    return groups.joined(separator: ",")
}
