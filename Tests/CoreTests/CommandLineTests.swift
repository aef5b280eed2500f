import CourseTestSupport
import Foundation
import Testing

/// Every command a learner is shown — in the chapters, the README, the tours'
/// output (golden files) and the messages the programs print — uses the one
/// form the course decided on, `make step3 ARGS="players --seed"`, run from
/// the repository root. A bare `step3 players` is answered by the shell with
/// "command not found". And the commands shown run: each document's commands
/// are run in order, in a scratch folder, through the built programs.
typealias CommandLineTests = EveryStep.CommandLineTests
extension EveryStep { @Suite struct CommandLineTests {} }

extension CommandLineTests {
    /// A line of text a learner reads, and where it is.
    struct Line {
        var place: String  // "docs/03-players-and-teams.md:12"
        var text: String
    }

    // MARK: - Where commands are shown

    /// The chapters and the README, line by line.
    static func documents() throws -> [(String, [Line])] {
        let docs = try FileManager.default.contentsOfDirectory(
            atPath: workspaceRoot.appendingPathComponent("docs").path
        ).filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
        return try (["README.md"] + docs).map { path in (path, try lines(of: path)) }
    }

    /// The tours' outputs and every `--help` (ArgumentParser's `USAGE:` and
    /// "See …" lines are rewritten into the learner's form: LearnerCommandLine).
    static func goldenFiles() throws -> [(String, [Line])] {
        let golden = workspaceRoot.appendingPathComponent("Tests/Golden")
        let names = try FileManager.default.subpathsOfDirectory(atPath: golden.path).filter { $0.hasSuffix(".txt") }
        return try names.sorted().map { "Tests/Golden/\($0)" }.map { path in (path, try lines(of: path)) }
    }

    /// The string literals of every Swift file the programs are built from:
    /// what they print (messages, hints, help). Comments are not scanned.
    static func sourceStrings() throws -> [(String, [Line])] {
        var files: [String] = []
        for folder in ["Steps", "Sources"] {
            let url = workspaceRoot.appendingPathComponent(folder)
            files += try FileManager.default.subpathsOfDirectory(atPath: url.path)
                .filter { $0.hasSuffix(".swift") }.map { "\(folder)/\($0)" }
        }
        return try files.sorted().map { path in (path, stringLiterals(in: try lines(of: path))) }
    }

    static func lines(of path: String) throws -> [Line] {
        let text = try String(contentsOf: workspaceRoot.appendingPathComponent(path), encoding: .utf8)
        return text.components(separatedBy: "\n").enumerated().map {
            Line(place: "\(path):\($0.offset + 1)", text: $0.element)
        }
    }

    /// The contents of a Swift file's string literals, line by line, with
    /// `\"` unescaped. The lines of a multi-line literal are content whole.
    static func stringLiterals(in lines: [Line]) -> [Line] {
        var literals: [Line] = []
        var inMultiline = false
        for line in lines {
            let trimmed = line.text.trimmingCharacters(in: .whitespaces)
            if inMultiline {
                if trimmed.hasPrefix("\"\"\"") {
                    inMultiline = false
                } else {
                    literals.append(
                        Line(place: line.place, text: line.text.replacingOccurrences(of: "\\\"", with: "\"")))
                }
                continue
            }
            if trimmed.hasPrefix("//") { continue }
            if trimmed.hasSuffix("\"\"\"") {
                inMultiline = true
            }
            literals += singleLineLiterals(line)
        }
        return literals
    }

    /// The `"…"` literals of one line of code, up to a `//` comment.
    static func singleLineLiterals(_ line: Line) -> [Line] {
        var literals: [String] = []
        var current: String?
        var escaped = false
        var previous: Character = " "
        for character in line.text {
            defer { previous = character }
            guard var text = current else {
                if character == "\"" { current = "" }
                if character == "/" && previous == "/" { break }
                continue
            }
            if escaped {
                text.append(character == "\"" ? "\"" : "\\\(character)")
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                literals.append(text)
                current = nil
                continue
            } else {
                text.append(character)
            }
            current = text
        }
        return literals.filter { !$0.isEmpty }.map { Line(place: line.place, text: $0) }
    }

    // MARK: - The one form

    /// The subcommands of each step, as its `--help` lists them (StepHelp: run once for the suite).
    static func subcommands(_ step: Int) throws -> Set<String> {
        let help = try StepHelp.root("step\(step)").stdout.components(separatedBy: "\n")
        guard let start = help.firstIndex(of: "SUBCOMMANDS:") else { return [] }
        let names = help[(start + 1)...].filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        return Set(names + ["help"])
    }

    /// What is wrong with how a line shows commands: a bare `step3 players`,
    /// `swift run step3`, `make step3 players`, an unquoted `ARGS=list` (Swift's `ARGS=\"list\"` is quoted).
    static func formProblems(_ line: Line, subcommands: [Int: Set<String>]) -> [String] {
        var problems: [String] = []
        let text = line.text
        // Every pattern below contains "step": most lines are done with one cheap search.
        guard text.contains("step") else { return [] }
        for match in text.matches(of: /swift run step[1-9][0-9]?/) {
            problems.append("\(line.place): `\(text[match.range])`: show `make stepN ARGS=\"…\"` instead")
        }
        for match in text.matches(of: /make step[1-9][0-9]? ARGS=[^"'\\]/) {
            problems.append(
                "\(line.place): `\(text[match.range])…`: quote ARGS, as in make step3 ARGS=\"players --seed\"")
        }
        // stepN followed by one of its subcommands or an option: a command without make.
        for match in text.matches(of: /step([1-9][0-9]?) +(--?[a-z][a-z\-]*|[a-z][a-z\-]*)/) {
            guard let step = Int(match.output.1) else { continue }
            let word = String(match.output.2)
            guard word.hasPrefix("-") || subcommands[step, default: []].contains(word) else { continue }
            let before = text[..<match.range.lowerBound]
            // Part of a longer word or path: db/step3, Tests/Step3Tests, mystep3.
            if let last = before.last, last.isLetter || last.isNumber || "/.-_".contains(last) { continue }
            let how =
                before.hasSuffix("make ") ? "make runs a target, not a subcommand" : "the shell has no `step\(step)`"
            problems.append("\(line.place): `\(text[match.range])`: \(how); show `make step\(step) ARGS=\"\(word) …\"`")
        }
        return problems
    }

    @Test func everyCommandShownUsesMakeStepArgs() throws {
        var subcommands: [Int: Set<String>] = [:]
        // Every step there is: Steps/step1 … Steps/stepN.
        let folders = try FileManager.default.contentsOfDirectory(
            atPath: workspaceRoot.appendingPathComponent("Steps").path)
        for step in folders.compactMap({ $0.hasPrefix("step") ? Int($0.dropFirst(4)) : nil }) {
            subcommands[step] = try Self.subcommands(step)
        }
        #expect(subcommands[3]?.contains("add-player") == true, "could not read step3's subcommands from --help")
        let texts = try Self.documents() + Self.goldenFiles() + Self.sourceStrings()
        let problems = texts.flatMap { _, lines in lines.flatMap { Self.formProblems($0, subcommands: subcommands) } }
        for problem in problems { Issue.record(Comment(rawValue: problem)) }
    }

    // MARK: - What the programs answer to a wrong command line

    /// `make ex ARGS="…"` as the Makefile runs it, from the repository root.
    /// Only mistakes in the command line: the runner stops before it reads an exercise.
    static func course(_ arguments: [String]) throws -> ProcessResult {
        let process = Process()
        process.executableURL = StepProcess.executable("course")
        process.arguments = arguments
        process.currentDirectoryURL = workspaceRoot
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = Pipe()
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// A default subcommand (a step's tour, the runner's check) must not take a
    /// mistyped subcommand for its own argument, and a mistyped option is named
    /// before any other check: each answer names the mistake, the closest
    /// word, and a command in the learner's form; a usage error exits 64.
    @Test(.testing(anyOf: [3, 6, 7, 8])) func mistypedSubcommandsAndOptionsAreNamedWithTheClosestOne() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let answers: [(String, ProcessResult, [String])] = [
            (
                "make step3 ARGS=\"playerz\"", try StepProcess.run("step3", ["playerz"], in: directory),
                ["playerz is not a subcommand", "make step3 ARGS=\"players\"", "add-player"]
            ),
            (
                "make step7 ARGS=\"synk\"", try StepProcess.run("step7", ["synk"], in: directory),
                ["synk is not a subcommand", "make step7 ARGS=\"sync\""]
            ),
            // Two letters swapped are one typo: `snyc` is `sync`, in every step that has one.
            (
                "make step7 ARGS=\"snyc\"", try StepProcess.run("step7", ["snyc"], in: directory),
                ["snyc is not a subcommand", "Did you mean make step7 ARGS=\"sync\"?"]
            ),
            (
                "make step8 ARGS=\"snyc\"", try StepProcess.run("step8", ["snyc"], in: directory),
                ["snyc is not a subcommand", "Did you mean make step8 ARGS=\"sync\"?"]
            ),
            (
                "make step6 ARGS=\"edit 27 --prise 17\"",
                try StepProcess.run("step6", ["edit", "27", "--prise", "17"], in: directory),
                ["--prise is not an option here: did you mean --price?", "make step6 ARGS=\"edit --help\""]
            ),
            (
                "make ex ARGS=\"chek\"", try Self.course(["chek"]),
                ["chek is not a subcommand", "make ex ARGS=\"check\"", "watch"]
            ),
            ("make ex ARGS=\"check no-such-id\"", try Self.course(["check", "no-such-id"]), ["no exercise called"]),
            // An id as a learner types it: a typo gets the closest id, a number out of range the range.
            (
                "make ex ARGS=\"check S5-ADD-NOTE\"", try Self.course(["check", "S5-ADD-NOTE"]),
                ["no exercise called S5-ADD-NOTE: did you mean s5-add-notes?"]
            ),
            (
                "make ex ARGS=\"s5-add-note\"", try Self.course(["s5-add-note"]),
                ["no exercise called s5-add-note: did you mean s5-add-notes?"]
            ),
            ("make ex ARGS=\"check 999\"", try Self.course(["check", "999"]), ["the numbers go from 1 to"]),
        ]
        for (shown, result, expected) in answers {
            #expect(result.status == 64, "\(shown): exit status \(result.status)")
            for text in expected { #expect(result.stderr.contains(text), "\(shown):\n\(result.stderr)") }
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("db")), "a wrong command line opens nothing")
    }

    /// An exercise named as `list` shows it (its number) or in capitals is the
    /// exercise: `reset` reads the name and stops before changing
    /// anything (an untouched starter, or no one to confirm on standard input).
    @Test func anExerciseIsNamedByItsNumberOrItsIdInAnyCase() throws {
        // `list` numbers the exercises in the manifest's order, from 1.
        let manifest = try JSONSerialization.jsonObject(
            with: Data(contentsOf: workspaceRoot.appendingPathComponent("Exercises/manifest.json")))
        let ids = ((manifest as? [String: Any])?["exercises"] as? [[String: Any]] ?? []).compactMap {
            $0["id"] as? String
        }
        let number = String(try #require(ids.firstIndex(of: "s5-add-notes")) + 1)
        for typed in [number, "S5-ADD-NOTES", "s5-add-notes"] {
            let result = try Self.course(["reset", typed])
            #expect(result.status != 64 && result.stderr.isEmpty, "reset \(typed): \(result.status)\n\(result.stderr)")
            #expect(
                result.stdout.contains("Nothing to reset") || result.stdout.contains("Exercises/s5-add-notes/"),
                "reset \(typed):\n\(result.stdout)")
        }
    }

    /// ArgumentParser's own answers (a refused option, `help`): their `Usage:`
    /// and "See …" lines read `make stepN ARGS="…"` / `make ex ARGS="…"`.
    @Test func usageLinesAreInTheLearnersForm() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folders = try FileManager.default.contentsOfDirectory(
            atPath: workspaceRoot.appendingPathComponent("Steps").path)
        let steps = folders.compactMap { $0.hasPrefix("step") ? Int($0.dropFirst(4)) : nil }.sorted()
            .filter { TestedSteps.includes($0) }
        var subcommands: [Int: Set<String>] = [:]
        for step in steps { subcommands[step] = try Self.subcommands(step) }
        // Two processes per step, independent of one another: several at a time.
        let answers = Parallel.map(steps) { step in
            Result {
                let refused = try StepProcess.run("step\(step)", ["--in-memory"], in: directory)  // the tour refuses it
                let help = try StepProcess.run("step\(step)", ["help"], in: directory)
                return [("step\(step) --in-memory", refused.stderr), ("step\(step) help", help.stdout)]
            }
        }
        var outputs: [(String, String)] = try answers.flatMap { try $0.get() }
        outputs.append(("course reset", try Self.course(["reset"]).stderr))
        for (name, output) in outputs {
            #expect(output.contains("Usage: make ") || output.contains("USAGE: make "), "\(name):\n\(output)")
            #expect(output.contains("See make "), "\(name):\n\(output)")
            let lines = output.components(separatedBy: "\n").map { Line(place: name, text: $0) }
            let problems = lines.flatMap { Self.formProblems($0, subcommands: subcommands) }
            #expect(problems.isEmpty, "\(problems)")
            #expect(!output.contains("'step") && !output.contains("Usage: course"), "\(name):\n\(output)")
        }
    }

    // MARK: - The commands run

    /// A `make stepN ARGS="…"` (or plain `make stepN`) shown to a learner:
    /// the step and its arguments as the learner's shell passes them to make.
    struct Command: Hashable, CustomStringConvertible {
        var place: String
        var step: Int
        var arguments: String  // what make pastes after the program's path
        /// The failure the text shows, if it shows one: the command must then exit
        /// with that status and print that message (see `shownFailure`).
        var failure: Failure? = nil
        /// The text says it only *usually* fails (step 9's busy errors, a race): 0 or 1.
        var mayFail = false
        var description: String { "\(place): make step\(step) ARGS=\"\(arguments)\"" }
        static func == (a: Self, b: Self) -> Bool { a.step == b.step && a.arguments == b.arguments }
        func hash(into hasher: inout Hasher) {
            hasher.combine(step)
            hasher.combine(arguments)
        }
    }

    /// A failure a text shows: the exit status, and the message (its parts,
    /// where the text shortens it with `…`) that standard error must hold.
    struct Failure: Hashable {
        var status: Int32
        var message: [String]
    }

    /// The failure a text shows for a command, or nil when it shows none:
    /// - in a transcript, an `Error: …` line right after `$ make …`: that message;
    /// - a comment on the command's line: `# Error: no player with id 99 … — make: … Error 1`
    ///   (the message, up to make's own line), `# fails: …` or `# refused …`;
    /// - prose that says "error", "refuse(s/d)" or "fails", as a word, on the
    ///   command's own line (between the commands before and after it), or on
    ///   one of the next three lines that names its arguments ("delete-team 4 is refused").
    /// The status is the one the text names (`status N`, make's `Error N`), else 1.
    static func shownFailure(_ lines: [Line], at index: Int, segment: String, arguments: String) -> Failure? {
        let text = lines[index].text
        let comment = segment.firstRange(of: "# ").map { String(segment[$0.upperBound...]) }
        let next = index + 1 < lines.count ? lines[index + 1].text.trimmingCharacters(in: .whitespaces) : ""
        var message = ""
        var said = segment
        if text.trimmingCharacters(in: .whitespaces).hasPrefix("$ make "), next.hasPrefix("Error: ") {
            message = next
            said += " " + next
        } else if let comment, let start = comment.firstRange(of: "Error: ") {
            message = String(comment[start.lowerBound...])
        } else {
            let naming = lines[(index + 1)..<min(index + 4, lines.count)].map(\.text).filter { line in
                !arguments.isEmpty && line.contains(arguments) && !line.contains("make step")
            }
            said = ([segment] + naming).joined(separator: " ")
            guard said.lowercased().contains(/\b(error|refuses|refused|refuse|fails)\b/) else { return nil }
        }
        // `— make: … Error 1` is make's line, not the step's message.
        if let dash = message.firstRange(of: " — ") { message = String(message[..<dash.lowerBound]) }
        let status = said.firstMatch(of: /(?:status|Error) (\d+)/).flatMap { Int32($0.output.1) } ?? 1
        let parts = message.components(separatedBy: "…").map { $0.trimmingCharacters(in: .whitespaces) }
        return Failure(status: status, message: parts.filter { !$0.isEmpty })
    }

    static func commands(in lines: [Line]) -> [Command] {
        // Only lines with "make step" can match: one cheap search first.
        lines.indices.filter { lines[$0].text.contains("make step") }.flatMap { index in
            let line = lines[index]
            let window = lines[index..<min(index + 3, lines.count)].map { $0.text.lowercased() }.joined(separator: " ")
            let mayFail = window.contains("usually fail")
            let matches = line.text.matches(
                of: /make step([1-9][0-9]?)(?: ARGS=(?:"((?:[^"\\]|\\.)*)"|'([^']*)'))?(?![\w\-])/)
            return matches.indices.compactMap { position -> Command? in
                let match = matches[position]
                guard let step = Int(match.output.1) else { return nil }
                // Inside "…" the learner's shell removes the backslashes of \" and \\.
                let quoted = match.output.2.map { String($0).replacingOccurrences(of: "\\\"", with: "\"") }
                let arguments = quoted ?? match.output.3.map(String.init) ?? ""
                // This command's part of its line: from the command before it to the one after it.
                let start = position > 0 ? matches[position - 1].range.upperBound : line.text.startIndex
                let end = position + 1 < matches.count ? matches[position + 1].range.lowerBound : line.text.endIndex
                let segment = String(line.text[start..<end])
                return Command(
                    place: line.place, step: step, arguments: arguments,
                    failure: shownFailure(lines, at: index, segment: segment, arguments: arguments), mayFail: mayFail)
            }
        }
    }

    /// Commands a test can run as shown: no placeholder (`ID`, `FILE`, `…`, `path/to/`),
    /// no network, nothing that waits for another terminal (`watch`) or for
    /// a source that cannot be reached (`sync` of a URL), and no tour (the
    /// golden tests run every tour).
    static func runnable(_ command: Command) -> Bool {
        let text = command.arguments
        let placeholder =
            text.contains { "…<>[]|$`\\(".contains($0) } || text.contains("...") || text.contains("path/to/")
            || text.split(separator: " ").contains { word in word.count > 1 && word.allSatisfy { $0.isUppercase } }
        // The tours (`make step3`, `make step3 ARGS="--trace"`) run in the golden tests already.
        let tour = ["", "--trace", "tour", "tour --trace"].contains(text.trimmingCharacters(in: .whitespaces))
        // `../shared/…` (the real Northwind file) is read beside the workspace; without it, nothing to run.
        let shared = !text.contains("../shared/") || FileManager.default.fileExists(atPath: sharedFolder.path)
        return !placeholder && !tour && shared && !text.contains("watch") && !text.contains("://")
    }

    /// `../shared` as the learner's shell sees it from the repository root.
    static let sharedFolder = workspaceRoot.deletingLastPathComponent().appendingPathComponent("shared")

    /// Runs `make stepN ARGS="…"` as the Makefile does: the built program,
    /// with ARGS split by the shell, in `directory`.
    static func run(_ command: Command, in directory: TemporaryDirectory) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            // Paths into ../shared are relative to the repository root, not to the scratch folder.
            "-c",
            "exec \"$0\" \(command.arguments.replacingOccurrences(of: "../shared/", with: sharedFolder.path + "/")) </dev/null",
            StepProcess.executable("step\(command.step)").path,
        ]
        process.currentDirectoryURL = directory.url
        var environment = ProcessInfo.processInfo.environment
        environment["COURSE_DB_DIR"] = directory.url.appendingPathComponent("db").path
        environment["COURSE_HIDE_TIMINGS"] = "1"
        process.environment = environment
        let output = try TemporaryDirectory()
        defer { output.remove() }
        FileManager.default.createFile(atPath: output.file("out"), contents: nil)
        FileManager.default.createFile(atPath: output.file("err"), contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: output.url.appendingPathComponent("out"))
        process.standardError = try FileHandle(forWritingTo: output.url.appendingPathComponent("err"))
        try process.run()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus,
            stdout: (try? String(contentsOfFile: output.file("out"), encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: output.file("err"), encoding: .utf8)) ?? "")
    }

    @Test func theCommandsShownRun() throws {
        let texts = try Self.documents() + Self.goldenFiles() + Self.sourceStrings()
        // Each document's commands in its order, in one scratch folder, as a learner would.
        // Each document from a fresh clone, as a learner follows it: its commands in order, each once,
        // after the tours whose files it reads (`--database db/step1-tour.sqlite`).
        // A command some text says only *usually* fails may pass wherever it is shown.
        let usuallyFailing = Set(texts.flatMap { Self.commands(in: $0.1) }.filter(\.mayFail))
        // Not the --stats goldens (Tests/Golden/stats/): StatsGoldenTests runs their commands in the same order
        // from a fresh folder, and compares all they print, their exit statuses too.
        let shown = texts.filter { place, _ in !place.hasPrefix("Tests/Golden/stats/") }
        let everyText = shown.map { _, lines in
            var seen = Set<Command>()
            let commands = Self.commands(in: lines).filter { Self.runnable($0) && seen.insert($0).inserted }.map {
                command in
                var command = command
                command.mayFail = usuallyFailing.contains(command)
                return command
            }
            let tours = Set(
                commands.flatMap { command in
                    command.arguments.matches(of: /step([1-9][0-9]?)-tour\.sqlite/).compactMap { Int($0.output.1) }
                })
            return tours.sorted().map { Command(place: "(its tour)", step: $0, arguments: "") } + commands
        }.filter { !$0.isEmpty }.uniqued().runningEachCommandOnce()
        #expect(everyText.joined().count > 20, "only \(everyText.joined().count) commands found to run")
        let shownFailing = everyText.joined().compactMap(\.failure)
        #expect(shownFailing.count > 5 && shownFailing.filter { !$0.message.isEmpty }.count > 3, "\(shownFailing)")
        // The steps this run tests (TestedSteps): each text's commands up to its last one of those steps (the
        // commands before it may make the files it reads), and no text that shows none.
        let batches = everyText.compactMap { batch in
            batch.lastIndex { $0.place != "(its tour)" && TestedSteps.includes($0.step) }.map { Array(batch[...$0]) }
        }
        // The documents are independent: several at a time, each one's commands in order.
        let failures = Parallel.map(batches) { batch in
            var failures: [String] = []
            do {
                let directory = try TemporaryDirectory()
                defer { directory.remove() }
                for command in batch {
                    let result = try Self.run(command, in: directory)
                    // A command that only usually fails may pass; otherwise, shown failing, it must fail as shown.
                    if let failure = command.failure, !(command.mayFail && result.status == 0) {
                        // Shown failing: the status and the message the text shows.
                        if result.status != failure.status {
                            failures.append(
                                "\(command): shown failing with status \(failure.status), exited with \(result.status)")
                        }
                        for part in failure.message where !result.stderr.contains(part) {
                            failures.append("\(command): shown printing \"\(part)\"; printed:\n\(result.stderr)")
                        }
                    } else if result.status != 0 && !(result.status == 1 && command.mayFail) {
                        failures.append("\(command): exit status \(result.status)\n\(result.stderr)")
                    }
                }
            } catch {
                failures.append("\(error)")
            }
            return failures
        }
        for failure in failures.joined() { Issue.record(Comment(rawValue: failure)) }
    }
}

extension [[CommandLineTests.Command]] {
    /// A command several texts show (a tour's "Your turn" line is in its golden file, its source and its
    /// chapter) need not run again where nothing new comes after it: each text runs its commands in order up
    /// to the last one no earlier text ran, so that every command still runs after what its own text shows
    /// before it, and a text that shows nothing new is not run again. A command shown failing differently
    /// elsewhere is another command.
    func runningEachCommandOnce() -> Self {
        var ran = Set<String>()
        return compactMap { batch -> [CommandLineTests.Command]? in
            let keys = batch.map { "\($0.step) \($0.arguments) \(String(describing: $0.failure)) \($0.mayFail)" }
            guard let last = keys.indices.last(where: { batch[$0].place != "(its tour)" && !ran.contains(keys[$0]) })
            else { return nil }
            ran.formUnion(keys)
            return [CommandLineTests.Command](batch[...last])
        }
    }

    /// Once each sequence of commands: two texts that show the same commands in the same order (a tour's
    /// golden file and its source, three `--help` texts with one example), run from a fresh folder
    /// each, would prove the same twice. Equal: the same commands, each shown failing alike.
    func uniqued() -> Self {
        var seen = Set<[String]>()
        return filter { batch in
            seen.insert(batch.map { "\($0.step) \($0.arguments) \(String(describing: $0.failure)) \($0.mayFail)" })
                .inserted
        }
    }
}
