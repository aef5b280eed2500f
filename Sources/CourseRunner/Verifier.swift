import Foundation

/// `course verify`: the untouched starter fails as the manifest declares, the
/// reference solution passes, every known mistake fails with the words that
/// name its broken rule, and every alternative passes. It never reads the
/// learner's work: starters come from git, mistakes and alternatives from Checks/.
public struct Verifier {
    public var checkout: Checkout
    public var checker: Checker
    /// Print every failure a starter or a known mistake gets, whole (`verify --messages`): the list a
    /// person reads once to see that each names what is wrong.
    public var printsMessages = false
    /// Print, under each exercise, the edges its check declares (Edge), each with the first failure line
    /// of the mistake that misses it (`verify --edges`): where an instructor sees which edges a check holds.
    public var printsEdges = false

    public init(checkout: Checkout) {
        self.checkout = checkout
        checker = Checker(checkout: checkout)
    }

    /// One answer to check besides the starter: the solution, a mistake or an alternative.
    struct Attempt {
        /// `saved`: the solution as another editor saves it (see `Verifier.editorSaved`).
        enum Role { case solution, saved, mistake, alternative }
        var exercise: Exercise
        var role: Role
        var variant: Exercise.Variant
        /// Where its file is: Solutions/<id>, Checks/<id>/mistakes/<name> or Checks/<id>/alternatives/<name>.
        var source: String {
            switch role {
            case .solution, .saved: "Solutions/\(exercise.id)"
            case .mistake: "Checks/\(exercise.id)/mistakes/\(variant.name)"
            case .alternative: "Checks/\(exercise.id)/alternatives/\(variant.name)"
            }
        }
    }

    /// Something `verify` found wrong with an exercise, in words.
    public struct Problem: Sendable {
        public var exercise: Exercise
        public var text: String
    }

    /// An attempt, checked: what its check did.
    struct Checked {
        var attempt: Attempt
        var result: CheckResult
    }

    /// The problems found, by exercise (empty: all as declared). Prints one line
    /// per exercise. All starters are built in one SwiftPM run; then the
    /// solution and known answers of every exercise in Swift, the n-th of each
    /// in one run (see `knownAnswers`); when a batch does not compile (a
    /// starter declared to fail at compile, say), its exercises are built one by one.
    public func verify(_ exercises: [Exercise]) -> [Problem] {
        let (folder, note) = pristineStarters()
        if let note { print(note) }
        let starters = results(exercises, folder: folder)
        let answers = knownAnswers(exercises, starters: folder)
        var problems: [Problem] = []
        for exercise in exercises {
            let starter = starters[exercise.id, default: missing]
            let mine = answers.filter { $0.attempt.exercise.id == exercise.id }
            let solution = mine.first { $0.attempt.role == .solution }?.result ?? missing
            var found = starterProblems(exercise, starter) + predictionLeaks(exercise, starter, solution: solution)
            if !solution.passed { found.append("the solution does not pass:\n\(solution.message)") }
            let saved = mine.first { $0.attempt.role == .saved }?.result ?? missing
            if !saved.passed {
                found.append(
                    "the solution saved as \(Verifier.editorSavedWords(exercise.file)) does not pass:\n\(saved.message)"
                )
            }
            var firstLines = [(starter.stage == .check ? firstFailure(starter.message) : nil, "the starter")]
            var failures = starter.stage == .check ? [("the starter", starter.message)] : []
            for known in mine where known.attempt.role != .solution && known.attempt.role != .saved {
                let (attempt, result) = (known.attempt, known.result)
                found += attemptProblems(attempt, result) + predictionLeaks(exercise, result, solution: solution)
                if attempt.role == .mistake {
                    firstLines.append((firstFailure(result.message), attempt.source))
                    if result.stage == .check { failures.append((attempt.source, result.message)) }
                }
            }
            // Every failure a learner can meet reads as a sentence (MessageStyle).
            for (who, message) in failures {
                found += MessageStyle.problems(message).map { "\(who)'s failure \($0)" }
                if printsMessages {
                    let shown = message.components(separatedBy: "\n").drop { !$0.hasPrefix("✗") }
                    print("── \(exercise.id), \(who):\n" + shown.joined(separator: "\n"))
                }
            }
            found += sameWords(firstLines)
            let edges = Edge.declared(for: exercise, root: checkout.root).edges
            let counts =
                "\(mine.filter { $0.attempt.role == .mistake }.count) mistakes, "
                + "\(mine.filter { $0.attempt.role == .alternative }.count) alternatives"
            print(
                "\(found.isEmpty ? "✓" : "✗") \(exercise.id): starter fails at \(starter.stage.rawValue), "
                    + "solution \(solution.passed ? "passes" : "FAILS") (saved as \(Verifier.editorSavedWords(exercise.file)): "
                    + "\(saved.passed ? "passes" : "FAILS")), \(counts)")
            if printsEdges { print(edgeLines(edges, mine).joined(separator: "\n")) }
            fflush(nil)
            problems += found.map { Problem(exercise: exercise, text: $0) }
        }
        return problems
    }

    /// The edges an exercise's check declares, one line each, with the first failure line of the mistake
    /// that misses it (what verify proved), or the absence of edges, which lint also reports.
    func edgeLines(_ edges: [Edge], _ answers: [Checked]) -> [String] {
        if edges.isEmpty { return ["    no edge declared: nothing shows which edges of its rules the check holds"] }
        return edges.map { edge in
            let mistake = answers.first { $0.attempt.role == .mistake && $0.attempt.variant.name == edge.mistake }
            let caught = mistake.flatMap { firstFailure($0.result.message) } ?? "(no such mistake: lint names it)"
            return "    edge \(edge.kind.rawValue): \(edge.cases)\n      mistakes/\(edge.mistake): \(caught)"
        }
    }

    /// Never used: `results` returns a result for every exercise it is given.
    let missing = CheckResult(stage: .compile, message: "not built", seconds: 0)

    func results(_ exercises: [Exercise], folder: String) -> [String: CheckResult] {
        var results: [String: CheckResult] = [:]
        if checker.buildAll(exercises, folder: folder) {
            for exercise in exercises { results[exercise.id] = checker.run(exercise, folder: folder) }
        } else {
            for exercise in exercises { results[exercise.id] = checker.check(exercise, folder: folder) }
        }
        return results
    }

    // MARK: What each result must show

    func starterProblems(_ exercise: Exercise, _ starter: CheckResult) -> [String] {
        let declared = exercise.starter
        if starter.stage.rawValue != declared.stage {
            return [
                "the starter should fail at \(declared.stage), but "
                    + (starter.passed ? "it passes" : "fails at \(starter.stage.rawValue)") + ":\n\(starter.message)"
            ]
        }
        if !starter.message.contains(declared.says) {
            return ["the starter's failure should say \"\(declared.says)\", but says:\n\(starter.message)"]
        }
        return []
    }

    func attemptProblems(_ attempt: Attempt, _ result: CheckResult) -> [String] {
        switch attempt.role {
        case .alternative, .solution, .saved:
            return result.passed ? [] : ["\(attempt.source) is right and should pass, but:\n\(result.message)"]
        case .mistake:
            let says = attempt.variant.says ?? ""
            if result.stage != .check {
                return [
                    "\(attempt.source) should fail at check, but "
                        + (result.passed ? "it passes" : "fails at \(result.stage.rawValue)") + ":\n\(result.message)"
                ]
            }
            if says.isEmpty || !result.message.contains(says) {
                return ["\(attempt.source)'s failure should say \"\(says)\", but says:\n\(result.message)"]
            }
            return []
        }
    }

    /// The line that says what broke: the first `✗` line of a check's output.
    func firstFailure(_ message: String) -> String? {
        message.components(separatedBy: "\n").first { $0.hasPrefix("✗") }
    }

    /// Two different wrong answers must not be told the same words.
    func sameWords(_ lines: [(String?, String)]) -> [String] {
        var problems: [String] = []
        for (index, (line, who)) in lines.enumerated() {
            guard let line else { continue }
            for (other, otherWho) in lines[..<index] where other == line {
                problems.append("\(who) and \(otherWho) get the same first failure line: \(line)")
            }
        }
        return problems
    }

    /// A failing prediction must not show what the program prints: none of the
    /// lines the solution's check printed on passing may appear in the failure.
    func predictionLeaks(_ exercise: Exercise, _ result: CheckResult, solution: CheckResult) -> [String] {
        guard exercise.kind == .predict, !result.passed, solution.passed else { return [] }
        let printed = solution.message.components(separatedBy: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  | ") else { return nil }
            return String(line.dropFirst(4)).trimmingCharacters(in: .whitespaces)
        }
        let shown = result.message.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let leaked = printed.filter { line in
            !line.isEmpty && shown.contains { $0 == line || (line.count >= 6 && $0.contains(line)) }
        }
        return leaked.isEmpty ? [] : ["a failing prediction shows what Program.swift prints: \(leaked)"]
    }

    // MARK: The committed starters

    /// A copy of the committed Exercises/ (`git archive HEAD`), whatever the
    /// learner did to the working files, in .build/course/starters (plus the
    /// exercises not committed yet, see `addUncommitted`). Outside a
    /// git checkout there is nothing committed to read: the working Exercises/
    /// is copied as it is, and the note says so.
    public func pristineStarters() -> (folder: String, note: String?) {
        let folder = ".build/course/starters"
        let unpacked = checkout.scratch.appendingPathComponent("unpacked")
        try? FileManager.default.removeItem(at: unpacked)
        defer { try? FileManager.default.removeItem(at: unpacked) }
        try? FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
        let archive = Shell.run(
            [
                "sh", "-c",
                // Only at a checkout's root: a folder inside another repository is not a checkout.
                "test -z \"$(git rev-parse --show-prefix)\" && git archive --format=tar HEAD Exercises | tar -x -C \"$1\"",
                "sh", unpacked.path,
            ],
            in: checkout.root)
        let committed = unpacked.appendingPathComponent("Exercises")
        if archive.status == 0, FileManager.default.fileExists(atPath: committed.path) {
            let notes = addUncommitted(to: committed)
            mirror(committed, to: checkout.root.appendingPathComponent(folder))
            return (folder, notes.isEmpty ? nil : notes.joined(separator: "\n"))
        }
        mirror(checkout.root.appendingPathComponent("Exercises"), to: checkout.root.appendingPathComponent(folder))
        return (
            folder,
            "Not a git checkout (git archive HEAD failed): verifying Exercises/ as it is on disk, "
                + "which may hold a learner's work."
        )
    }

    /// An exercise being written (its folder not committed yet) is verified as
    /// it is on disk; a committed starter edited on disk is not. Both are said.
    func addUncommitted(to committed: URL) -> [String] {
        let working = checkout.root.appendingPathComponent("Exercises")
        let ids = Set(files(under: working).compactMap { $0.split(separator: "/").first.map(String.init) })
        var notes: [String] = []
        for id in ids.sorted() where !FileManager.default.fileExists(atPath: committed.appendingPathComponent(id).path)
        {
            mirror(working.appendingPathComponent(id), to: committed.appendingPathComponent(id))
            notes.append("Exercises/\(id) is not committed yet: its starter is verified as it is on disk.")
        }
        let edited = files(under: committed).filter {
            FileManager.default.contents(atPath: committed.path + "/" + $0)
                != FileManager.default.contents(atPath: working.path + "/" + $0)
        }
        // The manifest is read from disk, as the instructor edits it (Manifest.load): said so, and not
        // listed with the starters, which come from git.
        if edited.contains("manifest.json") {
            notes.append("Exercises/manifest.json is edited: verified as it is on disk (exercises, hints, mistakes).")
        }
        let starters = edited.filter { $0.contains("/") }
        if !starters.isEmpty {
            notes.append(
                "Verifying the committed starters, not the files edited on disk: "
                    + starters.sorted().map { "Exercises/" + $0 }.joined(separator: ", ") + ".")
        }
        return notes
    }

    /// The folder verify builds the starters from (relative to the root): always
    /// the committed ones, see `pristineStarters`.
    func starterFolder(_ exercises: [Exercise]) -> String { pristineStarters().folder }

    /// Makes `destination` hold exactly `source`'s files, rewriting only those
    /// that differ (an unchanged file keeps its date, so SwiftPM rebuilds nothing).
    func mirror(_ source: URL, to destination: URL, replacing: [String: Data] = [:]) {
        let manager = FileManager.default
        let wanted = Dictionary(
            uniqueKeysWithValues: files(under: source).map { ($0, manager.contents(atPath: source.path + "/" + $0)) }
        ).merging(replacing.mapValues { $0 }) { $1 }
        for stale in files(under: destination) where wanted[stale] == nil {
            try? manager.removeItem(atPath: destination.path + "/" + stale)
        }
        for (path, data) in wanted {
            let url = destination.appendingPathComponent(path)
            guard let data, manager.contents(atPath: url.path) != data else { continue }
            try? manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? data.write(to: url)
        }
    }

    /// Every regular file under a folder, as paths relative to it.
    func files(under folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder.path + "/" + path, isDirectory: &isFolder)
                && !isFolder.boolValue
        }
    }

    // MARK: Known mistakes and alternatives

    /// Where the n-th answer of every exercise goes: one folder per n, so
    /// that one SwiftPM run builds the n-th answers of all exercises at once.
    func folderOf(_ round: Int) -> String { ".build/course/answers/\(round)" }

    /// Every exercise's solution, known mistakes and alternatives, checked, each
    /// in a copy of the committed starter with its file in place. A text answer
    /// (prediction.txt, query.sql) runs on the check built with the starters:
    /// the check reads it when it runs. Answers in Swift are built in rounds:
    /// round n builds the n-th answer of every exercise, in one SwiftPM run.
    func knownAnswers(_ exercises: [Exercise], starters: String) -> [Checked] {
        var checked: [Checked] = []
        var rounds: [[Attempt]] = []
        for exercise in exercises {
            let attempts =
                [Attempt(exercise: exercise, role: .solution, variant: .init(name: "solution"))]
                + [Attempt(exercise: exercise, role: .saved, variant: .init(name: "solution, as an editor saves it"))]
                + (exercise.mistakes ?? []).map { Attempt(exercise: exercise, role: .mistake, variant: $0) }
                + (exercise.alternatives ?? []).map { Attempt(exercise: exercise, role: .alternative, variant: $0) }
            for (round, attempt) in attempts.enumerated() {
                if exercise.file.hasSuffix(".swift") {
                    if rounds.count <= round { rounds.append([]) }
                    rounds[round].append(attempt)
                } else {
                    checked.append(
                        Checked(
                            attempt: attempt, result: checker.run(exercise, folder: place(attempt, round, starters))))
                }
            }
        }
        for (round, attempts) in rounds.enumerated() {
            for attempt in attempts { _ = place(attempt, round, starters) }
            let built = results(attempts.map(\.exercise), folder: folderOf(round))
            checked += attempts.map { Checked(attempt: $0, result: built[$0.exercise.id, default: missing]) }
        }
        return checked
    }

    /// Copies the committed starter of the attempt's exercise, with the
    /// attempt's file in place, into the round's folder; returns that folder.
    func place(_ attempt: Attempt, _ round: Int, _ starters: String) -> String {
        let id = attempt.exercise.id
        let answer = checkout.root.appendingPathComponent("\(attempt.source)/\(attempt.exercise.file)")
        let data = (try? Data(contentsOf: answer)) ?? Data()
        mirror(
            checkout.root.appendingPathComponent("\(starters)/\(id)"),
            to: checkout.root.appendingPathComponent("\(folderOf(round))/\(id)"),
            replacing: [
                attempt.exercise.file: attempt.role == .saved ? Verifier.editorSaved(data, attempt.exercise.file) : data
            ])
        return folderOf(round)
    }

    // MARK: The learner's file, as any editor saves it

    /// A file as an editor on another system may save it: a UTF-8 byte order mark
    /// first and CRLF line endings (Notepad's); a text file (prediction.txt,
    /// query.sql) also with its indentation in tabs and blanks at the ends of its
    /// lines. A Swift file keeps its blanks: inside a multi-line string literal they
    /// are the string's, and the compiler reads CRLF and a BOM itself.
    public static func editorSaved(_ data: Data, _ file: String) -> Data {
        let text = String(decoding: data, as: UTF8.self)
        let swift = file.hasSuffix(".swift")
        let lines = text.components(separatedBy: "\n").enumerated().map { index, line -> String in
            guard !swift, !line.isEmpty else { return line }
            let indent = line.prefix { $0 == " " }.count
            return String(repeating: "\t", count: indent / 4) + String(repeating: " ", count: indent % 4)
                + line.dropFirst(indent) + (index % 2 == 0 ? " \t " : "  ")
        }
        return Data([0xEF, 0xBB, 0xBF]) + Data(lines.joined(separator: "\r\n").utf8)
    }

    /// How `editorSaved` saves this file, in words for verify's line.
    public static func editorSavedWords(_ file: String) -> String {
        file.hasSuffix(".swift") ? "CRLF with a BOM" : "CRLF with a BOM, tabs and trailing blanks"
    }
}
