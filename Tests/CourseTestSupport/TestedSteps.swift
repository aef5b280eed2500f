import Foundation
import Testing

// MARK: - Which steps this run tests

/// The steps this run of the suite tests: under `make test-stepN`, step N and the steps that share its code
/// (`COURSE_TEST_STEPS="4 5"`, set by scripts/test-step.sh); under `make test`, every step.
///
/// The suites that check something of every step (nested in `EveryStep`, Tests/CoreTests) run their cases
/// for these steps only: `arguments: TestedSteps.only(steps)`, or a trait such as `.testing(step: 9)`.
public enum TestedSteps {
    /// nil: every step (the variable is unset).
    public static let selected: Set<Int>? = ProcessInfo.processInfo.environment["COURSE_TEST_STEPS"].map {
        Set($0.split(separator: " ").compactMap { Int($0) })
    }

    /// Whether step `number` is tested in this run.
    public static func includes(_ number: Int) -> Bool { selected?.contains(number) ?? true }

    /// Whether the step named `name` ("step4") is tested in this run.
    public static func includes(_ name: String) -> Bool {
        guard name.hasPrefix("step"), let number = Int(name.dropFirst(4)) else { return false }
        return includes(number)
    }

    /// The steps of `names` ("step4", …) tested in this run, in their order.
    public static func only(_ names: [String]) -> [String] { names.filter { includes($0) } }
}

extension Trait where Self == ConditionTrait {
    /// A test of one step's program: it runs when that step is tested (always under `make test`).
    public static func testing(step: Int) -> Self {
        .enabled(if: TestedSteps.includes(step), "not a step this run tests (make test-stepN, COURSE_TEST_STEPS)")
    }

    /// A test of several steps' programs together: it runs when any of them is tested.
    public static func testing(anyOf steps: [Int]) -> Self {
        .enabled(
            if: steps.contains { TestedSteps.includes($0) },
            "not a step this run tests (make test-stepN, COURSE_TEST_STEPS)")
    }
}

// MARK: - Every test that starts a step is one its make test-stepN runs

/// The check that `make test-stepN` leaves out no test of step N: each time a test starts a step's program
/// (`StepProcess.executable`), the test must be one that `make test-stepN` runs, by the filter
/// scripts/test-step.sh gives swift test. Otherwise the test fails, naming what to change.
public enum StepSelection {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var filters: [Int: Result<Regex<AnyRegexOutput>, SelectionError>] = [:]

    /// swift test's filter for `make test-step<number>`, from `scripts/test-step.sh --print`, once per step.
    static func filter(_ number: Int) -> Result<Regex<AnyRegexOutput>, SelectionError> {
        lock.withLock {
            if let known = filters[number] { return known }
            let script = workspaceRoot.appendingPathComponent("scripts/test-step.sh").path
            let result = Result { () throws(SelectionError) -> Regex<AnyRegexOutput> in
                guard let printed = try? runTool([script, "--print", String(number)]), printed.status == 0 else {
                    throw SelectionError(description: "scripts/test-step.sh --print \(number) failed")
                }
                let lines = printed.stdout.split(separator: "\n")
                guard lines.count == 2, let regex = try? Regex(String(lines[1])) else {
                    throw SelectionError(
                        description: "scripts/test-step.sh --print \(number) printed \(printed.stdout)")
                }
                return regex
            }
            filters[number] = result
            return result
        }
    }

    struct SelectionError: Error, CustomStringConvertible {
        var description: String
    }

    /// What is wrong when the current test starts `step` ("step7"), or nil when `make test-step7` runs it
    /// (or when no test is running: nothing to name).
    public static func problem(starting step: String, in test: String?) -> String? {
        guard let test, step.hasPrefix("step"), let number = Int(step.dropFirst(4)),
            FileManager.default.fileExists(atPath: workspaceRoot.appendingPathComponent("Steps/\(step)").path)
        else { return nil }
        switch filter(number) {
        case .failure(let error): return "\(test) starts \(step), and make test-\(step)'s tests are unknown: \(error)"
        case .success(let regex):
            if test.contains(regex) { return nil }
            return """
                \(test) starts \(step), but `make test-\(step)` does not run it (scripts/test-step.sh --print \
                \(number)): nest its suite in EveryStep (Tests/CoreTests/EveryStep.swift) and run it for \
                TestedSteps only, or, in a step's own test target, add \(number) to that target's line of \
                also_runs in scripts/test-step.sh.
                """
        }
    }

    /// Records the problem of the current test starting `step`, if there is one: as an issue of the test when
    /// it runs on the test's own task, or for `Parallel.map` to record when its threads are done.
    static func check(starting step: String) {
        guard let problem = problem(starting: step, in: RunningTest.name) else { return }
        if let batch = RunningTest.batch {
            batch.add(problem)
        } else {
            Issue.record(Comment(rawValue: problem))
        }
    }
}

/// The test running on this thread: Swift Testing's `Test.current`, or, on a thread of `Parallel.map`
/// (where no task-local value reaches), the test that called it, with the problems found there.
enum RunningTest {
    static let key = "CourseTestSupport.RunningTest"

    /// Its id as swift test's `--filter` reads it: `Module.Suite/Inner/test()`.
    static var name: String? {
        if let test = Test.current { return "\(test.id)" }
        return batch?.test
    }

    static var batch: Batch? { Thread.current.threadDictionary[key] as? Batch }

    /// The problems found on `Parallel.map`'s threads for one test, recorded once they are all done.
    final class Batch: @unchecked Sendable {
        // @unchecked: `problems` is behind `lock`.
        let test: String?
        private let lock = NSLock()
        private var problems: [String] = []

        init(test: String?) { self.test = test }

        func add(_ problem: String) { lock.withLock { problems.append(problem) } }

        /// Records each problem once, as an issue of the current test.
        func record() {
            for problem in Set(lock.withLock { problems }).sorted() { Issue.record(Comment(rawValue: problem)) }
        }
    }
}
