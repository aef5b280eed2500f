import Foundation

/// Where a learner stands on one exercise.
public enum Status: String, Codable, Sendable {
    case notStarted = "not started"  // the file is the untouched starter
    case failing = "failing"  // edited, and the check fails
    case notCompiling = "does not compile"
    case passed = "passed"

    public var mark: String {
        switch self {
        case .notStarted: "·"
        case .failing, .notCompiling: "✗"
        case .passed: "✓"
        }
    }
}

/// Recomputes progress from the learner's files: an untouched starter is
/// "not started" (verify proves every starter fails); an edited file is
/// checked, unless it and its check are unchanged since the last check.
public struct LearnerProgress {
    public var checkout: Checkout
    public var manifest: Manifest
    public var checker: Checker
    /// The notes as this command last read or wrote them. Changed only through
    /// `change`, which applies each change to the file under its lock.
    public private(set) var state: CourseState
    /// A change the file could not take (kept in memory): `save` reports it.
    var unsaved: Error?
    /// Results computed by this process, by id: checked once, not twice.
    var fresh: [String: (fingerprint: String, result: CheckResult)] = [:]
    /// Exercises whose check passed now, after failing (or never running) before.
    public private(set) var newlyPassed: [String] = []

    public init(checkout: Checkout) throws {
        self.checkout = checkout
        manifest = try Manifest.load(root: checkout.root)
        checker = Checker(checkout: checkout)
        state = CourseState.load(checkout.stateFile)
    }

    /// Every change is already in the file (see `change`): this only says
    /// whether one could not be written.
    public func save() throws {
        if let unsaved { throw unsaved }
    }

    /// Changes one exercise's notes: read from the file, changed, written back,
    /// under the file's lock (`CourseState.update`), so that what another
    /// command changed meanwhile is kept. Returns what `body` returns.
    @discardableResult
    public mutating func change<T>(_ id: String, _ body: (inout ExerciseState) -> T) -> T {
        var result: T?
        do {
            state = try CourseState.update(checkout.stateFile) { disk in
                result = body(&disk.exercises[id, default: ExerciseState()])
            }
        } catch {
            unsaved = error
        }
        if let result { return result }
        return body(&state.exercises[id, default: ExerciseState()])
    }

    func currentFingerprint(_ exercise: Exercise) -> String {
        let checks = checkout.root.appendingPathComponent("Checks/\(exercise.id)")
        let files = ((try? FileManager.default.contentsOfDirectory(at: checks, includingPropertiesForKeys: nil)) ?? [])
            .sorted { $0.path < $1.path }
        return fingerprint([checkout.learnerFile(exercise)] + files)
    }

    /// Runs the check now, counting an attempt when the file changed.
    public mutating func check(_ exercise: Exercise) -> CheckResult {
        let print = currentFingerprint(exercise)
        if let known = fresh[exercise.id], known.fingerprint == print { return known.result }
        let result = checker.check(exercise, folder: checkout.exercisesFolder)
        fresh[exercise.id] = (print, result)
        let passedBefore = change(exercise.id) { notes in
            let before = notes.lastResult?.passed == true
            if notes.fingerprint != print { notes.attempts += 1 }
            notes.fingerprint = print
            notes.lastResult = result
            return before
        }
        if result.passed, !passedBefore { newlyPassed.append(exercise.id) }
        return result
    }

    /// The status, from the remembered result when nothing changed since.
    public mutating func status(_ exercise: Exercise) -> (Status, CheckResult?) {
        if checkout.isUntouched(exercise) { return (.notStarted, nil) }
        let notes = state[exercise.id]
        let result: CheckResult
        if let last = notes.lastResult, notes.fingerprint == currentFingerprint(exercise) {
            result = last
        } else {
            result = check(exercise)
        }
        switch result.stage {
        case .passed: return (.passed, result)
        case .compile: return (.notCompiling, result)
        case .check: return (.failing, result)
        }
    }

    /// The course's one rule for "the next exercise" (README, "The next
    /// exercise"). With no exercise, the first one, in the manifest's order, that
    /// does not pass: `make ex` checks it. After an exercise the learner is on
    /// (a pass in `check` or `watch`), the first unfinished one after it in its
    /// own step, then in the later steps, then the rest from the top: a learner
    /// who chose step 11 stays in step 11, and the one going in order meets the
    /// same exercise either way (nothing before theirs is unfinished).
    public mutating func nextUnfinished(after current: Exercise? = nil) -> Exercise? {
        guard let current, let index = manifest.exercises.firstIndex(of: current) else {
            return manifest.exercises.first { status($0).0 != .passed }
        }
        let all = manifest.exercises
        let sameStep =
            all[(index + 1)...].filter { $0.step == current.step } + all[..<index].filter { $0.step == current.step }
        let later = all[(index + 1)...].filter { $0.step != current.step }
        let earlier = all[..<index].filter { $0.step != current.step }
        return (sameStep + later + earlier).first { status($0).0 != .passed }
    }

    /// The exercises before `exercise`, in the manifest's order, that do not
    /// pass, counted by step: what a learner who chose a later exercise left
    /// behind, said as `list` shows it (step by step).
    public mutating func unfinished(before exercise: Exercise) -> [(step: Int, count: Int)] {
        var counts: [(step: Int, count: Int)] = []
        for earlier in manifest.exercises.prefix(while: { $0 != exercise }) where status(earlier).0 != .passed {
            if counts.last?.step == earlier.step {
                counts[counts.count - 1].count += 1
            } else {
                counts.append((earlier.step, 1))
            }
        }
        return counts
    }
}
