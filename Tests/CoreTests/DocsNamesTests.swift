import CourseTestSupport
import Foundation
import Testing

/// Every subcommand and option the prose names exists in that step's `--help`: a renamed option
/// (watch's `--max-updates`) leaves no sentence behind. Read from the golden help files
/// (Tests/Golden/help/stepN[-sub].txt, which EveryStep compares with the programs): no process runs.
enum NamesCheck {
    /// The `--help` texts of the steps, by file name without `.txt`: `step4`, `step4-watch`.
    struct Help {
        let texts: [String: String]

        init(texts: [String: String]) { self.texts = texts }

        init(folder: URL) throws {
            var texts: [String: String] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".txt") {
                texts[String(name.dropLast(4))] = try String(
                    contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            }
            self.texts = texts
        }

        func root(_ step: Int) -> String? { texts["step\(step)"] }

        /// A subcommand's help, or nil when the step has none of that name.
        func subcommand(_ step: Int, _ name: String) -> String? {
            name == "help" ? root(step) : texts["step\(step)-\(name)"]
        }

        /// All the step's help texts, for an option named without its subcommand.
        func all(_ step: Int) -> String {
            texts.filter { $0.key == "step\(step)" || $0.key.hasPrefix("step\(step)-") }.values.joined(separator: "\n")
        }

        /// `--database <path>` takes a value: the word after it is not the subcommand.
        func takesValue(_ step: Int, _ option: String) -> Bool {
            root(step)?.contains("\(option) <") == true
        }
    }

    /// `--name` as a whole word of `text` (not the start of `--name-x`).
    static func names(_ text: String, _ option: String) -> Bool {
        var rest = Substring(text)
        while let found = rest.range(of: option) {
            let next = rest[found.upperBound...].first
            if next.map({ !($0.isLetter || $0.isNumber || $0 == "-") }) ?? true { return true }
            rest = rest[found.upperBound...]
        }
        return false
    }

    /// The options a command line names: `--order` of `--order asc`, `--seed` of `(--seed)`.
    static func options(_ words: [Substring]) -> [String] {
        words.compactMap { word in
            word.firstMatch(of: /^\(?(--[a-z][a-z0-9\-]*)/).map { String($0.output.1) }
        }
    }

    /// What is wrong with one command line of step `step`: `args` as after `make stepN ARGS=`.
    static func problems(step: Int, args: Substring, help: Help, place: String) -> [String] {
        guard let root = help.root(step) else { return ["\(place): step\(step): there is no such step"] }
        let words = args.split(separator: " ")
        // The subcommand: the first word that is not an option or an option's value.
        var index = 0
        while index < words.count, words[index].hasPrefix("-") {
            index += help.takesValue(step, String(words[index])) ? 2 : 1
        }
        var text = root
        var named = "step\(step)"
        if index < words.count, words[index].wholeMatch(of: /[a-z][a-z\-]*/) != nil {
            let word = String(words[index])
            guard let subcommand = help.subcommand(step, word) else {
                return [
                    "\(place): step\(step) has no subcommand \(word) (its --help: Tests/Golden/help/step\(step).txt)"
                ]
            }
            text = subcommand + "\n" + root
            named += " \(word)"
        }
        return options(words).filter { !names(text, $0) }.map {
            "\(place): \($0) is not an option of \(named) (its --help: Tests/Golden/help/\(named.replacingOccurrences(of: " ", with: "-")).txt)"
        }
    }

    /// What is wrong with the names in one line of prose. `step`: the step a chapter or an exercise is
    /// about, whose help must hold each option the line names on its own (`--max-updates N`).
    static func problems(line: String, place: String, step: Int?, help: Help) -> [String] {
        var problems: [String] = []
        // Swift's Regex is slow: most lines are done with two cheap searches.
        let namesAStep = line.contains("step")
        let namesAnOption = line.contains("`--")
        guard namesAStep || namesAnOption else { return [] }
        // make step4 ARGS="watch --max-updates 1": the quoted ARGS.
        for match in namesAStep ? line.matches(of: /make step([1-9][0-9]?) ARGS="([^"]*)"/) : [] {
            guard let number = Int(match.output.1) else { continue }
            problems += Self.problems(step: number, args: match.output.2, help: help, place: place)
        }
        // step4 watch --max-updates: a bare step, its subcommand and options (CommandLineTests asks for
        // the make form in commands; prose still names them so).
        for match in namesAStep ? line.matches(of: /step([1-9][0-9]?) ([a-z][a-z\-]*(?: --[a-z][a-z0-9\-]*)*)/) : [] {
            guard let number = Int(match.output.1) else { continue }
            // Part of a longer word or path: db/step3, Tests/Step3Tests, mystep3.
            if let last = line[..<match.range.lowerBound].last, last.isLetter || last.isNumber || "/.-_".contains(last)
            {
                continue
            }
            // Prose ("step8 and"): only a word the step has as a subcommand is one.
            guard let first = match.output.2.split(separator: " ").first, help.subcommand(number, String(first)) != nil
            else { continue }
            problems += Self.problems(step: number, args: match.output.2, help: help, place: place)
        }
        // `--max-updates N`: an option on its own, in backticks, of the step the text is about.
        if let step, namesAnOption {
            let all = help.all(step)
            for match in line.matches(of: /`(--[a-z][a-z0-9\-]*)(?: [A-Z<][^`]*)?`/) {
                let option = String(match.output.1)
                if !all.isEmpty, !names(all, option) {
                    problems.append("\(place): `\(option)` is not an option of any of step\(step)'s subcommands")
                }
            }
        }
        return problems
    }

    /// The texts a learner reads names in, each with the step it is about: README.md (none), the
    /// chapters docs/NN-*.md (step NN, where there is one), and each exercise's task and hints (its step).
    static func texts(root: URL) throws -> [(place: String, step: Int?, text: String)] {
        var texts: [(String, Int?, String)] = [
            ("README.md", nil, try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8))
        ]
        let docs = root.appendingPathComponent("docs")
        for name in try FileManager.default.contentsOfDirectory(atPath: docs.path).sorted()
        where name.hasSuffix(".md") && name.first?.isNumber == true {
            let text = try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)
            texts.append(("docs/\(name)", Int(name.prefix(2)), text))
        }
        let manifest = try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: root.appendingPathComponent("Exercises/manifest.json")))
        for exercise in manifest.exercises {
            let words = [exercise.task] + exercise.hints
            texts.append(("Exercises/manifest.json (\(exercise.id))", exercise.step, words.joined(separator: "\n")))
        }
        return texts
    }

    /// The part of Exercises/manifest.json a learner reads.
    struct Manifest: Decodable {
        struct Exercise: Decodable {
            var id: String
            var step: Int
            var task: String
            var hints: [String]
        }
        var exercises: [Exercise]
    }

    static func check(root: URL) throws -> (lines: Int, problems: [String]) {
        let help = try Help(folder: root.appendingPathComponent("Tests/Golden/help"))
        var lines = 0
        var problems: [String] = []
        for (place, step, text) in try texts(root: root) {
            for (index, line) in text.components(separatedBy: "\n").enumerated() {
                lines += 1
                let located = place.hasSuffix(".md") ? "\(place):\(index + 1)" : place
                problems += Self.problems(line: line, place: located, step: step, help: help)
            }
        }
        return (lines, problems)
    }
}

@Suite struct DocsNamesTests {
    @Test func everySubcommandAndOptionTheProseNamesIsInThatStepsHelp() throws {
        let (lines, problems) = try NamesCheck.check(root: workspaceRoot)
        #expect(lines > 1000, "read only \(lines) lines")
        for problem in problems { Issue.record(Comment(rawValue: problem)) }
    }

    /// The checker on a help of its own: each way a name goes stale is caught.
    @Test func aRenamedOptionAMissingSubcommandAndALoneOptionAreCaught() throws {
        let help = NamesCheck.Help(texts: [
            "step4":
                "USAGE: make step4 ARGS=\"[--database <path>] <subcommand>\"\n  --database <path>\nSUBCOMMANDS:\n  watch\n",
            "step4-watch": "USAGE: make step4 ARGS=\"watch [--max-updates <n>] [--timeout <s>]\"\n",
        ])
        func problems(_ line: String, step: Int? = 4) -> [String] {
            NamesCheck.problems(line: line, place: "x.md:1", step: step, help: help)
        }
        #expect(problems(#"Run `make step4 ARGS="--database db/a.sqlite watch --max-updates 1 --timeout 5"`."#).isEmpty)
        #expect(problems("`--max-updates N` and `--timeout S` make `watch` stop; `step4 watch --timeout` too").isEmpty)
        #expect(
            problems(#"make step4 ARGS="watch --max-update 1""#).first?.contains(
                "--max-update is not an option of step4 watch") == true)
        #expect(problems(#"make step4 ARGS="wach""#).first?.contains("step4 has no subcommand wach") == true)
        #expect(
            problems("`step4 watch --updates`").first?.contains("--updates is not an option of step4 watch") == true)
        #expect(problems("`--max-updatez N` makes it stop").first?.contains("`--max-updatez` is not an option") == true)
        #expect(problems("`--max-updatez N`", step: nil).isEmpty, "no step: a lone option is not checked")
        #expect(problems("step4 and step5 share ItemsKit").isEmpty)
    }
}
