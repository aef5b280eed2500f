import Foundation

/// Where the manifest, the files on disk and the chapters disagree. Each
/// problem is one line that names the file to fix; none means consistent.
public struct Lint {
    /// The course's steps, in order: the chapters whose title names a step,
    /// docs/NN-….md beginning "# Step N" (not chapter 12, "# Chapter 12 ·
    /// Performance"). Read from docs/, which every copy lint runs in holds
    /// (the runner's tests copy the exercise side and docs/, not Steps/).
    public static func steps(root: URL) -> [Int] {
        let docs = root.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return names.compactMap { name -> Int? in
            guard name.hasSuffix(".md"), let number = Int(name.prefix(2)), name.dropFirst(2).hasPrefix("-"),
                let text = try? String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8),
                text.hasPrefix("# Step \(number) ")
            else { return nil }
            return number
        }.sorted()
    }

    /// This checkout's steps (see `steps(root:)`).
    var steps: [Int] { Lint.steps(root: checkout.root) }

    /// The start of step `step`'s chapter file name: "03-", "10-".
    static func chapterPrefix(_ step: Int) -> String { (step < 10 ? "0" : "") + "\(step)-" }

    public var checkout: Checkout
    public var manifest: Manifest
    /// Whether Exercises/ is read as committed (in a git checkout): then nothing a
    /// learner does to the working files (solve, break, edit a predict exercise's
    /// Program.swift, add a file) changes lint's verdict. Solutions/ and Checks/
    /// are read from disk: they are the course's, not the learner's.
    public var readsCommittedExercises: Bool

    public init(checkout: Checkout, manifest: Manifest) {
        self.checkout = checkout
        self.manifest = manifest
        readsCommittedExercises = checkout.isGitCheckout
    }

    /// Everything that disagrees; `unfinished` too unless told otherwise (verify reports those apart,
    /// so that a new exercise's machinery can be verified before its words are written).
    public func problems(includingUnfinished: Bool = true) -> [String] {
        var problems: [String] = includingUnfinished ? manifest.exercises.flatMap(unfinished) : []
        let ids = manifest.exercises.map(\.id)
        for id in Set(ids) where ids.filter({ $0 == id }).count > 1 {
            problems.append("\(Manifest.path): \(id) is listed more than once")
        }
        var lastStep = 0
        for exercise in manifest.exercises {
            problems += check(exercise)
            if exercise.step < lastStep {
                problems.append(
                    "\(Manifest.path): \(exercise.id) (step \(exercise.step)) comes after step \(lastStep): keep the chapters' order"
                )
            }
            lastStep = max(lastStep, exercise.step)
        }
        problems += orphans(ids: Set(ids))
        problems += chapterSections()
        problems += PackageList.problems(root: checkout.root, manifest)
        return problems
    }

    func files(_ folder: String) -> [String] {
        let url = checkout.root.appendingPathComponent(folder)
        return ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [])
            .filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The names in Exercises/`folder` (or Exercises/ itself): as committed when
    /// there is a commit to read, else on disk (outside git, or not committed yet).
    func starterFiles(_ folder: String) -> [String] {
        let path = folder.isEmpty ? "Exercises" : "Exercises/\(folder)"
        return (readsCommittedExercises ? checkout.committedNames(path) : nil) ?? files(path)
    }

    /// A file under Exercises/, as committed when it is, else on disk.
    func starterData(_ path: String) -> Data? {
        (readsCommittedExercises ? checkout.committedData("Exercises/\(path)") : nil)
            ?? (try? Data(contentsOf: checkout.root.appendingPathComponent("Exercises/\(path)")))
    }

    func check(_ exercise: Exercise) -> [String] {
        let id = exercise.id
        var problems: [String] = []
        func problem(_ text: String) { problems.append("\(id): \(text)") }
        // A hint of blanks only is no hint: counted as missing.
        let written = exercise.hints.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        if exercise.hints.count != 3 || written.count != 3 {
            problem("needs three hints, from gentle to explicit (has \(written.count))")
        }
        if !steps.contains(exercise.step) {
            problem(
                "step \(exercise.step) is not a step of the course "
                    + "(no chapter docs/\(Lint.chapterPrefix(exercise.step))….md titled \"# Step \(exercise.step) ·\")")
        }
        if !["compile", "check"].contains(exercise.starter.stage) || exercise.starter.says.isEmpty {
            problem("starter must say how it fails: stage \"compile\" or \"check\", and a phrase of its message")
        }
        if exercise.task.isEmpty { problem("needs a task") }
        // Words that every failure prints match any failure: verify would pass a mistake caught by another
        // rule, or by none (docs/instructors.md, "What `says` names").
        let says =
            [("the starter", exercise.starter.says)] + (exercise.mistakes ?? []).map { ("\($0.name)", $0.says ?? "") }
        for (whose, words) in says
        where Lint.genericSays.contains(words.trimmingCharacters(in: .whitespaces).lowercased()) {
            problem("\(whose)'s says \"\(words)\" is in every failure: give the words of the rule it breaks")
        }
        let starter = starterFiles(id)
        let solution = files("Solutions/\(id)")
        if starter.isEmpty { problem("Exercises/\(id)/ is missing") }
        if solution.isEmpty { problem("Solutions/\(id)/ is missing (a reference solution)") }
        if !starter.contains(exercise.file) { problem("Exercises/\(id)/\(exercise.file) is missing") }
        if !solution.isEmpty, starter != solution {
            problem("Solutions/\(id)/ must hold the same files as Exercises/\(id)/ (\(solution) against \(starter))")
        }
        for name in starter where name != exercise.file && solution.contains(name) {
            let a = starterData("\(id)/\(name)")
            let b = try? Data(contentsOf: checkout.root.appendingPathComponent("Solutions/\(id)/\(name)"))
            if a != b { problem("\(name) differs between Exercises and Solutions: only \(exercise.file) may") }
        }
        if exercise.hasModule != starter.contains(where: { $0.hasSuffix(".swift") }) {
            problem(
                exercise.hasModule
                    ? "a \(exercise.kind) exercise needs Swift code" : "an sql exercise has no Swift code")
        }
        if exercise.kind == .sql, exercise.file != "query.sql" { problem("an sql exercise's file is query.sql") }
        if exercise.kind == .predict, exercise.file != "prediction.txt" {
            problem("a predict exercise's file is prediction.txt")
        }
        if !files("Checks/\(id)").contains("main.swift") { problem("Checks/\(id)/main.swift is missing") }
        // The edges of its rules the check holds a case for, each with the mistake that misses it (Edge).
        problems += Edge.problems(exercise, root: checkout.root).map { "\(id): \($0)" }
        // Known mistakes and alternatives (at least one each: `make ex ARGS="new"` makes one of each), each a whole learner file that
        // verify builds; Package.swift excludes both folders from the check, so both must exist.
        for (folder, variants, least) in [
            ("mistakes", exercise.mistakes ?? [], 1), ("alternatives", exercise.alternatives ?? [], 1),
        ] {
            if variants.count < least { problem("needs at least \(least) \(folder) (Checks/\(id)/\(folder)/<name>/)") }
            for variant in variants where !files("Checks/\(id)/\(folder)/\(variant.name)").contains(exercise.file) {
                problem("Checks/\(id)/\(folder)/\(variant.name)/\(exercise.file) is missing")
            }
            let listed = Set(variants.map(\.name))
            for name in files("Checks/\(id)/\(folder)") where !listed.contains(name) {
                problem("Checks/\(id)/\(folder)/\(name): not in the manifest's \(folder)")
            }
        }
        // The section it practises must exist in its chapter.
        let parts = exercise.section.split(separator: "#").map(String.init)
        let chapter = checkout.root.appendingPathComponent(exercise.chapter)
        if parts.count != 2 || !exercise.chapter.hasPrefix("docs/" + Lint.chapterPrefix(exercise.step)) {
            problem("section must be docs/\(Lint.chapterPrefix(exercise.step))….md#anchor (is \(exercise.section))")
        } else if let text = try? String(contentsOf: chapter, encoding: .utf8) {
            let anchors = text.components(separatedBy: "\n").filter { $0.hasPrefix("#") }.map(Lint.anchor)
            if !anchors.contains(parts[1]) { problem("\(exercise.chapter) has no section #\(parts[1])") }
        } else {
            problem("\(exercise.chapter) does not exist")
        }
        return problems
    }

    /// What the scaffold (`make ex ARGS="new"`) left for the instructor to write: lint fails until it is
    /// written, so an exercise cannot be committed with a placeholder task, hint or file.
    public func unfinished(_ exercise: Exercise) -> [String] {
        let id = exercise.id
        var problems: [String] = []
        func problem(_ text: String) { problems.append("\(id): \(text)") }
        let texts = [exercise.task, exercise.section, exercise.starter.says] + exercise.hints
        if texts.contains(where: { $0.contains(Lint.placeholder) }) {
            problem("the manifest still says \"\(Lint.placeholder)\": write the task and the hints")
        }
        for folder in ["Exercises/\(id)", "Solutions/\(id)", "Checks/\(id)"] {
            for file in placeholderFiles(folder) { problem("\(file) still says \"\(Lint.placeholder)\"") }
        }
        return problems
    }

    /// The mark the scaffold leaves where the instructor has something to write.
    static let placeholder = "TODO (instructor)"

    /// A `says` that every failure contains, so it proves nothing.
    static let genericSays: Set<String> = ["", "expected", "got", "query.sql", "✗"]

    /// The files under `folder` (at any depth) that still hold the scaffold's placeholder.
    func placeholderFiles(_ folder: String) -> [String] {
        let root = checkout.root.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return enumerator.compactMap { $0 as? String }.sorted().filter { name in
            let text = (try? String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return text.contains(Lint.placeholder)
        }.map { "\(folder)/\($0)" }
    }

    /// GitHub's anchor for a heading: lowercased, punctuation dropped, spaces to hyphens.
    public static func anchor(_ heading: String) -> String {
        let title = heading.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
        return String(
            title.compactMap { character -> Character? in
                if character == " " { return "-" }
                if character.isLetter || character.isNumber || character == "-" || character == "_" { return character }
                return nil
            })
    }

    /// A folder under Exercises/, Solutions/ or Checks/ that the manifest does not list.
    func orphans(ids: Set<String>) -> [String] {
        var problems: [String] = []
        for folder in ["Exercises", "Solutions", "Checks"] {
            for name in folder == "Exercises" ? starterFiles("") : files(folder) where !ids.contains(name) {
                if folder == "Exercises", name == "manifest.json" || name == "README.md" { continue }
                if folder == "Checks", name == "Support" { continue }
                problems.append("\(folder)/\(name): not in \(Manifest.path) (add it, or delete the orphan)")
            }
        }
        return problems
    }

    /// Each chapter ends with an "Exercises" section that names exactly its step's exercises.
    func chapterSections() -> [String] {
        var problems: [String] = []
        for step in steps {
            guard let name = files("docs").first(where: { $0.hasPrefix(Lint.chapterPrefix(step)) }) else { continue }
            let text =
                (try? String(contentsOf: checkout.root.appendingPathComponent("docs/\(name)"), encoding: .utf8)) ?? ""
            let expected = manifest.exercises.filter { $0.step == step }.map(\.id)
            guard let range = text.range(of: "\n## Exercises\n", options: .backwards) else {
                if !expected.isEmpty {
                    problems.append(
                        "docs/\(name): no \"## Exercises\" section listing \(expected.joined(separator: ", "))")
                }
                continue
            }
            let section = String(text[range.upperBound...])
            if section.contains("\n## ") {
                problems.append("docs/\(name): \"## Exercises\" must be the chapter's last section")
            }
            let listed = section.components(separatedBy: "\n").compactMap { line -> String? in
                guard line.hasPrefix("| ["), let end = line.range(of: "](") else { return nil }
                return String(line[line.index(line.startIndex, offsetBy: 3)..<end.lowerBound])
            }
            for id in expected where !listed.contains(id) {
                problems.append("docs/\(name): Exercises section does not list \(id)")
            }
            for id in listed where !expected.contains(id) {
                problems.append(
                    "docs/\(name): Exercises section lists \(id), which is not a step \(step) exercise in the manifest")
            }
            for id in listed where !section.contains("](../Exercises/\(id)/") {
                problems.append("docs/\(name): \(id) must link to ../Exercises/\(id)/")
            }
            // The row repeats the manifest's task and links the section the exercise practises.
            for exercise in manifest.exercises where exercise.step == step {
                guard
                    let row = section.components(separatedBy: "\n").first(where: { $0.hasPrefix("| [\(exercise.id)](") }
                    )
                else { continue }
                let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                let anchor = exercise.section.split(separator: "#").last.map { "(#\($0))" } ?? "(#)"
                if cells.count < 4 || !cells[2].hasSuffix(anchor) {
                    problems.append("docs/\(name): \(exercise.id)'s row must link \(anchor), the manifest's section")
                }
                if cells.last != exercise.task {
                    problems.append(
                        "docs/\(name): \(exercise.id)'s row must end with the manifest's task: \(exercise.task)")
                }
            }
        }
        return problems
    }
}
