import Foundation

// What a run produces: one `Result` per comparison, each checked against the
// claim the chapter makes about it, collected by a `Recorder` that prints
// them as they come.

// MARK: - Claims

/// A sentence of chapter 12 about a ratio, a time or a count, and the bound that makes it true.
struct Claim {
    enum Direction: String, Codable { case atLeast, atMost, netUnder, netOver, exactly }

    var text: String
    var direction: Direction
    var bound: Double

    /// "One transaction is at least 100× faster than autocommit":
    /// the ratio (autocommit's time / the transaction's) must be ≥ 100.
    static func atLeast(_ bound: Double, _ text: String) -> Claim {
        Claim(text: text, direction: .atLeast, bound: bound)
    }

    /// "GRDB's cached statement costs at most 5× the C API": ratio ≤ 5.
    static func atMost(_ bound: Double, _ text: String) -> Claim { Claim(text: text, direction: .atMost, bound: bound) }

    /// "Editing stays interactive": the time beyond the baseline's (the
    /// command's own work, without starting the process) is under `bound` seconds.
    static func netUnder(_ bound: Double, _ text: String) -> Claim {
        Claim(text: text, direction: .netUnder, bound: bound)
    }

    /// "Searching 100,000 products is no longer interactive": net time over `bound` seconds.
    static func netOver(_ bound: Double, _ text: String) -> Claim {
        Claim(text: text, direction: .netOver, bound: bound)
    }

    /// "4 processes writing with BEGIN IMMEDIATE and a busy timeout get 0
    /// busy errors": a count (`Result.count`) that must equal `bound`. A
    /// correctness claim, not a measurement that can be lucky or unlucky:
    /// nothing lies past its bound, so its margin is 1 when it holds and 0
    /// when it does not, and the smallest margin of a run leaves it out.
    static func exactly(_ count: Int, _ text: String) -> Claim {
        Claim(text: text, direction: .exactly, bound: Double(count))
    }

    var isExact: Bool { direction == .exactly }

    /// An exact claim's margin: 1 on its bound, 0 anywhere else.
    func margin(count: Int) -> Double { Double(count) == bound ? 1 : 0 }

    /// How far the measurement is past the bound, as a factor: 1 is exactly
    /// on it, under 1 a claim that does not hold, 2 a measurement that would
    /// still hold if the machine were twice as unlucky (a ratio twice an
    /// "at least" bound, half an "at most" one, a net time half an "under"
    /// bound or twice an "over" one). Every bound is set so that full runs on
    /// the reference machine clear it by at least 2 (chapter 12, "Claims").
    /// A net time at or under 1 % of an "under" bound counts as 100: below
    /// that, the clock measures the noise of starting a process.
    func margin(seconds: Double, baselineSeconds: Double) -> Double {
        let ratio = seconds / max(baselineSeconds, 1e-9)
        let net = seconds - baselineSeconds
        switch direction {
        case .atLeast: return ratio / bound
        case .atMost: return bound / ratio
        case .netUnder: return bound / max(net, bound / 100)
        case .netOver: return net / bound
        case .exactly: return 0  // it bounds a count, not a time: `margin(count:)`
        }
    }
}

// MARK: - Results

/// One row of `.build/bench/results.json`.
///
/// `ratio` is always `seconds / baselineSeconds`: how many times longer the
/// measured way takes than its baseline. Both are the minimum of
/// `repetitions` runs (the median is kept too).
struct Result: Codable {
    var section: String
    var name: String
    var baseline: String
    var seconds: Double
    var baselineSeconds: Double
    var ratio: Double
    var medianSeconds: Double
    var baselineMedianSeconds: Double
    var repetitions: Int
    var statistic = "minimum"
    /// What `seconds` counts: wall-clock time, or the processor time of a child process.
    var clock = Clock.wall.rawValue
    var claim: String
    var claimDirection: Claim.Direction
    var claimBound: Double
    var holds: Bool
    /// `Claim.margin`: how far past its bound the measurement is (≥ 1 when it holds;
    /// an exact claim's is 1 or 0).
    var margin: Double
    /// What an exact claim counts (e.g. busy errors); absent for the other claims.
    var count: Int?
    /// What SQLite counted in one run of each side (`Counter`): the mechanism
    /// behind the ratio, the same on any machine (e.g. syncs: 3,000 against 3).
    /// Each has a twin in `make test` (Tests/CoreTests/CountsTests.swift,
    /// Tests/Step11Tests/BenchCountsTests.swift). Absent where the comparison counts nothing.
    var counted: String?
    var measuredCount: Int?
    var baselineCount: Int?
    /// What the section wants a reader to see beside the figures
    /// (e.g. the query plans of an index comparison, or how a command's
    /// time grows from one size to the next).
    var notes: [String] = []
}

// MARK: - Recorder

/// Collects the results of a run, skips what `--filter` leaves out, and
/// prints each result the moment it is measured (a full run takes minutes:
/// the learner sees it progress).
final class Recorder {
    let settings: Settings
    private(set) var results: [Result] = []

    init(settings: Settings) { self.settings = settings }

    private var currentSection: String?

    /// Whether `--filter` keeps any of these comparisons (it matches the
    /// section or a name, ignoring case). Sections ask before an expensive setup.
    func wants(_ section: String, _ names: [String]) -> Bool {
        guard let filter = settings.filter?.lowercased(), !filter.isEmpty else { return true }
        return section.lowercased().contains(filter) || names.contains { $0.lowercased().contains(filter) }
    }

    /// Prints the section's title before its first measurement.
    private func begin(_ section: String) {
        guard section != currentSection else { return }
        currentSection = section
        say("\n\(section)")
    }

    /// Measures one comparison (unless filtered out) and records it.
    /// `measure` returns the baseline's timing and the measured one's.
    func compare(
        _ section: String, _ name: String, clock: Clock = .wall, against baseline: String, claim: Claim,
        repetitions: Int,
        notes: [String] = [], measure: () throws -> (baseline: Timing, measured: Timing)
    ) throws {
        guard wants(section, [name]) else { return }
        begin(section)
        let timing = try measure()
        record(
            section, name, clock: clock, against: baseline, measured: timing.measured, baseline: timing.baseline,
            repetitions: repetitions, claim: claim, notes: notes)
    }

    /// Records a comparison whose timings were measured elsewhere (the scale section).
    func record(
        _ section: String, _ name: String, clock: Clock = .wall, against baseline: String, measured: Timing,
        baseline baselineTiming: Timing,
        repetitions: Int, claim: Claim, count: Int? = nil, notes: [String] = []
    ) {
        begin(section)
        let ratio = measured.minimum / max(baselineTiming.minimum, 1e-9)
        let margin =
            claim.isExact
            ? claim.margin(count: count ?? -1)
            : claim.margin(seconds: measured.minimum, baselineSeconds: baselineTiming.minimum)
        let result = Result(
            section: section, name: name, baseline: baseline,
            seconds: measured.minimum, baselineSeconds: baselineTiming.minimum, ratio: ratio,
            medianSeconds: measured.median, baselineMedianSeconds: baselineTiming.median,
            repetitions: repetitions, clock: clock.rawValue, claim: claim.text, claimDirection: claim.direction,
            claimBound: claim.bound,
            holds: margin >= 1, margin: margin, count: count,
            counted: measured.counted ?? baselineTiming.counted, measuredCount: measured.count,
            baselineCount: baselineTiming.count, notes: notes)
        results.append(result)
        printLine(result)
    }

    /// Adds a note to the comparison just recorded: a figure reported beside
    /// it, not claimed (e.g. what the disk's sync costs, which depends on the disk).
    func note(_ text: String) {
        guard !results.isEmpty else { return }
        results[results.count - 1].notes.append(text)
        say("      · \(text)")
    }

    /// The comparison whose measurement is closest to its bound (exact
    /// claims have no room past theirs, and are left out).
    var smallestMargin: Result? {
        results.filter { $0.claimDirection != .exactly }.min { $0.margin < $1.margin }
    }

    /// Whether this run judges a result's claim: a full run judges every one; a
    /// quick run only the exact ones (a busy error is a bug at any size). The
    /// other claims are about the full sizes ("on 200,000 rows"), not the
    /// smaller ones a quick run measures: it reports them only.
    func judges(_ result: Result) -> Bool { !settings.quick || result.claimDirection == .exactly }

    private func printLine(_ result: Result) {
        let mark = judges(result) ? (result.holds ? "✓" : "✗") : "·"
        say("  \(mark) \(result.name)")
        let clock = result.clock == Clock.wall.rawValue ? "" : ", \(result.clock)"
        say(
            "      \(formatRatio(result.ratio)) × \(result.baseline) "
                + "(\(formatSeconds(result.seconds)) against \(formatSeconds(result.baselineSeconds)), "
                + "minimum of \(result.repetitions)\(clock))")
        if let counted = result.counted, let measured = result.measuredCount, let baseline = result.baselineCount {
            say("      counted (one run of each): \(counted) \(formatCount(measured)) against \(formatCount(baseline))")
        }
        for note in result.notes { say("      · \(note)") }
        let margin =
            result.claimDirection == .exactly
            ? "exact claim: counted \(result.count.map(String.init) ?? "nothing")"
            : "margin \(formatRatio(result.margin))×"
        guard judges(result) else {
            // What it measured is in its name (e.g. "in 20000 rows"): the bound is compared, not judged.
            say(
                "      claim of a full run: \(result.claim) — not judged at this run's size "
                    + "(\(margin) at the size measured above)")
            return
        }
        say(
            "      claim: \(result.claim) — \(result.holds ? "holds" : "does NOT hold") on this machine "
                + "(\(margin))")
    }
}

// MARK: - Formatting

/// 812 → "812", 6.64 → "6.6", 1.234 → "1.23".
func formatRatio(_ ratio: Double) -> String {
    if ratio >= 100 { return String(format: "%.0f", ratio) }
    if ratio >= 10 { return String(format: "%.1f", ratio) }
    return String(format: "%.2f", ratio)
}

/// Seconds in the unit that reads best: "3.21 s", "48.2 ms", "310 µs".
func formatSeconds(_ seconds: Double) -> String {
    if seconds >= 1 { return String(format: "%.2f s", seconds) }
    if seconds >= 0.001 { return String(format: "%.1f ms", seconds * 1_000) }
    return String(format: "%.0f µs", seconds * 1_000_000)
}
