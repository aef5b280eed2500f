import ArgumentParser
import CourseRunner
import Foundation

/// `swift run course` / `make ex`: the exercises of the course, checked
/// against real SQLite databases. With no subcommand: check the next
/// unfinished exercise.
@main
struct Course: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "course",
        abstract: "Exercises for every step: write the code, check it, get hints, compare with the solution.",
        discussion: """
            Start with `make ex`: it checks the next unfinished exercise and tells you what to do.
            Edit the file it names, then run `make ex` again, or `make ex ARGS="watch"` to re-check on every save.
            """,
        subcommands: [
            Check.self, Watch.self, List.self, Hint.self, Solution.self, Reset.self,
            Verify.self, Lint.self, ReportCommand.self,
        ],
        defaultSubcommand: Check.self
    )
}

/// The runner's shared plumbing for one command.
struct Session {
    var progress: LearnerProgress
    var workspace: Workspace { progress.workspace }
    var manifest: Manifest { progress.manifest }

    init() throws {
        progress = try LearnerProgress(workspace: try Workspace.current())
    }

    func save() throws { try progress.save() }

    /// The exercise named on the command line, or the next unfinished one.
    mutating func pick(_ id: String?) throws -> Exercise? {
        if let id { return try manifest.exercise(id) }
        return progress.nextUnfinished()
    }

    func header(_ exercise: Exercise) -> String {
        let number = (manifest.exercises.firstIndex(of: exercise) ?? 0) + 1
        let kind =
            [
                "write": "write the code", "fix": "fix the bug", "predict": "predict the output",
                "sql": "write the SQL",
            ][exercise.kind.rawValue] ?? exercise.kind.rawValue
        return """
            ── Exercise \(number) of \(manifest.exercises.count): \(exercise.id) · \(kind) · step \(exercise.step)
            Task:    \(exercise.task)
            File:    \(workspace.display(workspace.learnerFile(exercise)))
            Chapter: \(exercise.section)
            """
    }

    /// Checks one exercise and prints the outcome; returns whether it passes.
    mutating func checkAndReport(_ exercise: Exercise) -> Bool {
        print(header(exercise))
        let result = progress.check(exercise)
        print("")
        print(result.message)
        print("")
        if result.passed {
            print("✓ \(exercise.id) passes. See how the reference does it: \(command("solution \(exercise.id)"))")
        } else {
            let hints = progress.state[exercise.id].hintsUsed
            print(
                "✗ Not yet. Edit \(workspace.display(workspace.learnerFile(exercise))) and check again: "
                    + "\(command("check \(exercise.id)")) (or \(command("watch")) to re-check on every save).")
            print(
                hints < 3
                    ? "  Stuck? \(command("hint \(exercise.id)")) (hint \(hints + 1) of 3)."
                    : "  All hints used: \(command("solution \(exercise.id)")) shows the reference solution.")
        }
        fflush(nil)
        return result.passed
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check an exercise: the one given, or the next unfinished.")
    @Argument(help: "The exercise's id (see list). Default: the next unfinished one.") var id: String?
    @Option(help: .hidden) var folder: String?  // a scratch copy of Exercises/ (scripts/bench-exercises.sh)

    func run() throws {
        var session = try Session()
        if let folder {
            let exercise = try session.manifest.exercise(id ?? "")
            let result = session.progress.checker.check(exercise, folder: folder)
            print(result.message)
            if !result.passed { throw ExitCode(1) }
            return
        }
        let picked = try session.pick(id)
        if id == nil {
            for done in session.progress.newlyPassed {
                print(
                    "✓ \(done) passes now. Well done. \(command("solution \(done)")) compares yours with the reference.\n"
                )
            }
        }
        guard let exercise = picked else {
            print("Every exercise passes. \(command("report")) writes your report.")
            try session.save()
            return
        }
        let passed = session.checkAndReport(exercise)
        if passed, id == nil || id == exercise.id, let next = session.progress.nextUnfinished(after: exercise.id) {
            print("")
            print("Next:")
            print(session.header(next))
            print("Run \(command("")) to check it.")
        }
        try session.save()
        if !passed { throw ExitCode(1) }
    }
}

struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Re-check the current exercise on every save; move on when it passes. Quit with Ctrl-C (or q, Enter)."
    )
    @Option(help: "Seconds between looks at the file.") var interval: Double = 0.5
    @Option(help: .hidden) var stopAfter: Double?

    func run() throws {
        var session = try Session()
        let start = Date()
        let quit = QuitFlag()
        quit.listen()
        guard var current = session.progress.nextUnfinished() else {
            print("Every exercise passes.")
            return
        }
        _ = session.checkAndReport(current)
        try session.save()
        var seen = session.workspace.fileFingerprint(current)
        while !quit.isSet {
            if let stopAfter, Date().timeIntervalSince(start) > stopAfter { return }
            Thread.sleep(forTimeInterval: interval)
            let now = session.workspace.fileFingerprint(current)
            guard now != seen else { continue }
            Thread.sleep(forTimeInterval: 0.2)  // let the editor finish writing
            seen = session.workspace.fileFingerprint(current)
            print(
                "\n\(String(repeating: "═", count: 60))\nChanged: \(session.workspace.display(session.workspace.learnerFile(current)))"
            )
            if session.checkAndReport(current) {
                guard let next = session.progress.nextUnfinished(after: current.id) else {
                    print("\nEvery exercise passes. \(command("report")) writes your report.")
                    try session.save()
                    return
                }
                current = next
                seen = session.workspace.fileFingerprint(current)
                print("\nMoving on:")
                print(session.header(current))
                print(
                    "Watching \(session.workspace.display(session.workspace.learnerFile(current))): save it to check.")
                fflush(nil)
            }
            try session.save()
        }
    }
}

/// Set when the learner types q and Enter (only read from a terminal).
final class QuitFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }

    func listen() {
        guard Terminal.isInteractive else { return }
        Thread.detachNewThread { [self] in
            while let line = readLine() {
                if line.trimmingCharacters(in: .whitespaces).lowercased() == "q" {
                    lock.withLock { value = true }
                    return
                }
            }
        }
    }
}

extension Workspace {
    /// The learner's file only: editors' temporary and backup files beside it
    /// (.swp, ~, 4913, .#…) never trigger a check.
    func fileFingerprint(_ exercise: Exercise) -> String {
        fingerprint([learnerFile(exercise)])
    }
}

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Every exercise and where you stand (edited ones are checked).")

    func run() throws {
        var session = try Session()
        var passed = 0
        let rows = session.manifest.exercises.enumerated().map { index, exercise in
            let (status, _) = session.progress.status(exercise)
            if status == .passed { passed += 1 }
            return [
                String(index + 1), status.mark, exercise.id, exercise.kind.rawValue, status.rawValue, exercise.section,
            ]
        }
        let widths = (0..<6).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            print(
                row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                    .joined(separator: "  ").trimmingCharacters(in: .whitespaces))
        }
        print("\n\(passed) of \(rows.count) pass. \(command("")) checks the next unfinished one.")
        try session.save()
    }
}

struct Hint: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "The next hint (three per exercise, gentle to explicit).")
    @Argument(help: "The exercise's id. Default: the next unfinished one.") var id: String?

    func run() throws {
        var session = try Session()
        guard let exercise = try session.pick(id) else {
            print("Every exercise passes.")
            return
        }
        var notes = session.progress.state[exercise.id]
        let level = min(notes.hintsUsed, exercise.hints.count - 1)
        notes.hintsUsed = min(notes.hintsUsed + 1, exercise.hints.count)
        session.progress.state[exercise.id] = notes
        try session.save()
        print("Hint \(level + 1) of \(exercise.hints.count) for \(exercise.id):")
        print("  " + exercise.hints[level])
        if level + 1 < exercise.hints.count {
            print("\(command("hint \(exercise.id)")) again for a more explicit one.")
        } else {
            print(
                "That was the last hint. The chapter section: \(exercise.section). "
                    + "The reference solution: \(command("solution \(exercise.id)")).")
        }
    }
}

struct Solution: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The reference solution, as a diff against your file (after your check passes, or if you confirm).")
    @Argument(help: "The exercise's id. Default: the next unfinished one.") var id: String?
    @Flag(help: "Show it without asking, even before your check passes.") var yes = false

    func run() throws {
        var session = try Session()
        guard let exercise = try session.pick(id) else {
            print("Every exercise passes.")
            return
        }
        let passes = session.progress.status(exercise).0 == .passed
        if !passes, !Terminal.confirm("\(exercise.id) does not pass yet. Show the solution anyway?", yes: yes) {
            try session.save()
            throw ExitCode(1)
        }
        session.progress.state[exercise.id].solutionViewed = true
        try session.save()
        print("Your file against the reference solution (- yours, + reference):\n")
        print(
            Terminal.diff(
                session.workspace.learnerFile(exercise), session.workspace.solutionFile(exercise),
                workspace: session.workspace))
    }
}

struct Reset: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Put an exercise's starter back (asks before discarding your work).")
    @Argument(help: "The exercise's id.") var id: String?
    @Flag(help: "Every exercise.") var all = false
    @Flag(help: "Discard without asking.") var yes = false

    func validate() throws {
        if (id == nil) == !all { throw ValidationError("Give an exercise's id, or --all.") }
    }

    func run() throws {
        var session = try Session()
        let exercises = all ? session.manifest.exercises : [try session.manifest.exercise(id ?? "")]
        let changed = exercises.filter { !session.workspace.isUntouched($0) }
        guard !changed.isEmpty else {
            print("Nothing to reset: \(all ? "every file is" : "the file is") the starter.")
            return
        }
        let names = changed.map { session.workspace.display(session.workspace.learnerFile($0)) }
        print("Your changes to these files would be lost:\n  " + names.joined(separator: "\n  "))
        guard Terminal.confirm("Discard them and restore the starters?", yes: yes) else {
            print("Nothing changed.")
            throw ExitCode(1)
        }
        for exercise in changed {
            guard let starter = session.workspace.committedStarter(exercise) else {
                throw RunnerError("cannot find the committed starter of \(exercise.id) (is this a git checkout?)")
            }
            try Data(starter.utf8).write(to: session.workspace.learnerFile(exercise), options: .atomic)
            session.progress.state[exercise.id] = ExerciseState()
            print("Restored \(session.workspace.display(session.workspace.learnerFile(exercise)))")
        }
        try session.save()
    }
}

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that the manifest, the files on disk and the chapters agree (no build).")

    func run() throws {
        let workspace = try Workspace.current()
        let problems = CourseRunner.Lint(workspace: workspace, manifest: try Manifest.load(root: workspace.root))
            .problems()
        for problem in problems { print("✗ \(problem)") }
        if !problems.isEmpty { throw ExitCode(1) }
        print("✓ manifest, Exercises/, Solutions/, Checks/ and the chapters agree.")
    }
}

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "For instructors and CI: lint, then every starter fails as declared and every solution passes.")
    @Argument(help: "Only these exercises (default: all).") var ids: [String] = []

    func run() throws {
        let workspace = try Workspace.current()
        let manifest = try Manifest.load(root: workspace.root)
        let lint = CourseRunner.Lint(workspace: workspace, manifest: manifest).problems()
        for problem in lint { print("✗ lint: \(problem)") }
        let exercises = try ids.isEmpty ? manifest.exercises : ids.map(manifest.exercise)
        let start = Date()
        let problems = Verifier(workspace: workspace).verify(exercises)
        for (exercise, problem) in problems { print("✗ \(exercise.id): \(problem)") }
        let failures = lint.count + problems.count
        let seconds = Int(Date().timeIntervalSince(start).rounded())
        print(
            "\(exercises.count) exercises verified in \(seconds) s: \(failures == 0 ? "all as declared" : "\(failures) problems")."
        )
        if failures > 0 { throw ExitCode(1) }
    }
}

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write .course/report.md, .json and .xml (JUnit) for this checkout; with folders, a cohort table.")
    @Argument(help: "Learners' checkouts (each with its .course/report.json) for a cohort table.") var folders:
        [String] = []
    @Option(help: "Where the cohort table goes.") var output = "cohort.md"

    func run() throws {
        if !folders.isEmpty {
            let cohort = try Cohort.load(folders)
            try Data(cohort.markdown.utf8).write(to: URL(fileURLWithPath: output))
            print(cohort.markdown)
            print("Wrote \(output).")
            return
        }
        var session = try Session()
        let report = Report.make(&session.progress)
        try session.save()
        let folder = session.workspace.root.appendingPathComponent(".course")
        try report.write(to: folder)
        print(report.markdown)
        print("Wrote .course/report.md, .course/report.json and .course/report.xml (JUnit).")
    }
}
