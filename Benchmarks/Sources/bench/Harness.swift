import Foundation

// The whole timing harness: a monotonic clock, repetitions, and the two
// statistics the chapter uses. Chapter 12 says why it is hand-written rather
// than ordo-one/benchmark.

// MARK: - Timing

/// The times of one piece of work over several repetitions, in seconds.
struct Timing {
    var samples: [Double]
    /// What SQLite counted during one run (`Counter`), the same at every
    /// repetition: e.g. the syncs of 1,000 autocommit inserts. Absent when
    /// the comparison counts nothing.
    var count: Int?
    /// What `count` counts ("syncs", "full-scan steps"…).
    var counted: String?

    /// The fastest run: the one the rest of the machine disturbed least.
    /// Noise (other programs, the CPU clocking down) only ever adds time.
    var minimum: Double { samples.min() ?? 0 }

    /// The middle run: what a learner typically waits.
    var median: Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// How long some work took, in seconds.
enum Clock: String {
    /// Wall-clock time, on the monotonic clock (never set back by NTP).
    case wall
    /// The processor time (user + system) of the child processes the work
    /// ran and waited for. Other programs busy on the machine do not inflate
    /// it as they inflate wall time; it leaves out waiting for the disk.
    case childProcessor = "processor time of the step's process"

    func measure(_ body: () throws -> Void) throws -> Double {
        switch self {
        case .wall:
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000_000
        case .childProcessor:
            let before = childrenProcessorSeconds()
            try body()
            return childrenProcessorSeconds() - before
        }
    }
}

/// The processor time used so far by this process's children that ended.
private func childrenProcessorSeconds() -> Double {
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)  // glibc declares the constant as an enum
    #else
    getrusage(RUSAGE_CHILDREN, &usage)
    #endif
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1_000_000
    let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1_000_000
    return user + system
}

// MARK: - Counting

/// A reading of what SQLite counted so far, that only grows (the syncs of a
/// database's files, the full-scan steps of the statements a connection
/// finalized…), with the words that name it. `sideBySide` reads it before
/// and after each timed run, outside the clock: the difference is what that
/// run made SQLite do, on any machine (the counters: CourseCounters, the
/// module the steps and the tests use).
struct Counter {
    var name: String
    var read: () throws -> Int
}

// MARK: - Side by side

// [docs:side-by-side]
/// Times a baseline and the thing compared with it, taking turns:
/// baseline, measured, baseline, measured… A machine that gets busier
/// halfway through then slows both sides alike, and the ratio survives.
///
/// - `prepare` runs before every timed run and is not timed (e.g. empty
///   the table the run fills).
/// - `warmUp`: one untimed run of each side first, so that neither side
///   pays alone for loading pages and code the other finds ready.
func sideBySide(
    repetitions: Int,
    warmUp: Bool = true,
    clock: Clock = .wall,
    prepare: () throws -> Void = {},
    counter: Counter? = nil,
    baseline: () throws -> Void,
    measured: () throws -> Void
) throws -> (baseline: Timing, measured: Timing) {
    if warmUp {
        try prepare()
        try baseline()
        try prepare()
        try measured()
    }
    var baselineTimes: [Double] = []
    var measuredTimes: [Double] = []
    var counts: (baseline: Int?, measured: Int?) = (nil, nil)
    for _ in 0..<repetitions {
        try prepare()
        var before = try counter?.read()
        baselineTimes.append(try clock.measure(baseline))
        if let before, let after = try counter?.read() { counts.baseline = after - before }
        try prepare()
        before = try counter?.read()
        measuredTimes.append(try clock.measure(measured))
        if let before, let after = try counter?.read() { counts.measured = after - before }
    }
    return (
        Timing(samples: baselineTimes, count: counts.baseline, counted: counter?.name),
        Timing(samples: measuredTimes, count: counts.measured, counted: counter?.name)
    )
}
// [/docs:side-by-side]

// MARK: - Output

/// Prints a line at once, even into a pipe or a log (`print` would buffer
/// it there): a run takes minutes, and its progress must show.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
