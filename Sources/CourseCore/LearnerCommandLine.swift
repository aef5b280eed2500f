import ArgumentParser
import Foundation

/// How every program of the course reads its command line: `make step3
/// ARGS="…"` runs `step3 …`, `make ex ARGS="…"` runs `course …`. ArgumentParser
/// does the parsing; this checks first what it would answer misleadingly, and
/// rewrites what it prints into the form the learner types.
///
/// - A mistyped subcommand: with a default subcommand (a step's tour, the
///   runner's check), ArgumentParser hands the word to it and answers with the
///   default's usage (`Unexpected argument 'playerz'`, `Usage: step3 tour`).
///   Here: it is not a subcommand, the closest one, and the list.
/// - A mistyped option: named first, with its suggestion, before any other
///   check (a subcommand's `validate()` would otherwise answer first).
/// - Usage and "See '…'" lines: `USAGE: step3 tour [--trace]` becomes
///   `USAGE: make step3 ARGS="tour [--trace]"`.
public struct LearnerCommandLine<Root: ParsableCommand> {
    /// The make target that runs the program: "step3", "ex".
    public var target: String
    /// Words the default subcommand takes where a subcommand's name would be
    /// (the runner's exercise ids): not mistakes.
    public var defaultAccepts: (String) -> Bool

    public init(target: String, defaultAccepts: @escaping (String) -> Bool = { _ in false }) {
        self.target = target
        self.defaultAccepts = defaultAccepts
    }

    // MARK: Running

    /// Parses, runs, and exits: 0, 1 (refused or failed), 64 (a wrong command line).
    public func main(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        do {
            var command = try parse(arguments)
            let statistics = try CommandStatistics.shared.start(ifAskedBy: command)
            try command.run()
            if statistics { CommandStatistics.shared.report(to: Narrator()) }
            exit(0)
        } catch {
            fail(error)
        }
    }

    /// The same, for a program whose subcommands may be asynchronous.
    public func main(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) async -> Never {
        do {
            var command = try parse(arguments)
            let statistics = try CommandStatistics.shared.start(ifAskedBy: command)
            if var asynchronous = command as? AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
            if statistics { CommandStatistics.shared.report(to: Narrator()) }
            exit(0)
        } catch {
            fail(error)
        }
    }

    func parse(_ arguments: [String]) throws -> ParsableCommand {
        if let mistake = notASubcommand(in: arguments) { try refuse(mistake) }
        let command: ParsableCommand
        do {
            command = try Root.parseAsRoot(arguments)
        } catch {
            // Only when ArgumentParser refuses the line: a subcommand that reads
            // its own options (step 4's `add`) gets the line as it is.
            if let mistake = unknownOption(in: arguments) { try refuse(mistake) }
            // `step3 --trace playerz`: the word reached the default subcommand after an option.
            if let word = Root.message(for: error).wholeMatch(of: /Unexpected argument '([^'-][^']*)'/)?.output.1,
                !arguments.prefix(while: { $0 != word }).contains(where: names.contains)
            {
                try refuse(notASubcommand(String(word)))
            }
            throw error
        }
        // A subcommand that takes any word (step 10's `search`) would take a mistyped option as one.
        if command is any TakesAnyWord, let mistake = unknownOption(in: arguments) { try refuse(mistake) }
        return command
    }

    func refuse(_ mistake: String) throws -> Never {
        FileHandle.standardError.write(Data(("Error: " + mistake + "\n").utf8))
        throw ExitCode.validationFailure
    }

    /// What ArgumentParser says about `error`, in the learner's form, and its exit status.
    func fail(_ error: Error) -> Never {
        let code = Root.exitCode(for: error)
        let message = rewrite(Root.fullMessage(for: error))
        if !message.isEmpty {
            let handle = code == .success ? FileHandle.standardOutput : FileHandle.standardError
            handle.write(Data((message + "\n").utf8))
        }
        exit(code.rawValue)
    }

    // MARK: Mistakes ArgumentParser would answer with the wrong help

    var subcommands: [ParsableCommand.Type] { Root.configuration.subcommands }
    var names: [String] { subcommands.map { $0._commandName } }

    /// A first word that is neither a subcommand nor what the default subcommand takes.
    func notASubcommand(in arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), !(names + ["help"]).contains(first),
            !defaultAccepts(first)
        else { return nil }
        return notASubcommand(first)
    }

    /// The first option (`--word`) that neither the program nor its subcommand takes.
    func unknownOption(in arguments: [String]) -> String? {
        let words = Array(arguments.prefix { $0 != "--" })  // after --, only values
        let named = words.first { names.contains($0) }
        let command = subcommands.first { $0._commandName == named } ?? Root.configuration.defaultSubcommand
        let known = options(of: Root.self) + (command.map(options) ?? [])
        for word in words where word.hasPrefix("--") {
            let option = String(word.prefix { $0 != "=" })
            guard !known.contains(option) else { continue }
            let closest = closestWord(to: option, among: known).map { ": did you mean \($0)?" } ?? "."
            let usage = named.map { form("\($0) --help") } ?? form("--help")
            return "\(option) is not an option here\(closest) \(usage) lists the options."
        }
        return nil
    }

    func notASubcommand(_ word: String) -> String {
        let defaultName = Root.configuration.defaultSubcommand?._commandName
        let listed = names.map { $0 == defaultName ? "\($0) (the default)" : $0 }.joined(separator: ", ")
        let closest = closestWord(to: word, among: names).map { " Did you mean \(form($0))?" } ?? ""
        return """
            \(word) is not a subcommand of make \(target).\(closest)
            The subcommands: \(listed).
            \(form("--help")) says what each one does.
            """
    }

    /// Every long option a command takes, hidden ones included, read from its full help.
    func options(of command: ParsableCommand.Type) -> [String] {
        let help = Root.helpMessage(for: command, includeHidden: true, columns: 1000)
        return Set(help.matches(of: /--[a-z][a-z0-9\-]*/).map { String(help[$0.range]) } + ["--help"]).sorted()
    }

    // MARK: The learner's form

    /// `make step3 ARGS="players"`; `make step3` for no arguments.
    public func form(_ arguments: String) -> String {
        arguments.isEmpty ? "make \(target)" : "make \(target) ARGS=\"\(arguments)\""
    }

    /// ArgumentParser's lines that show a command, in the learner's form:
    /// `USAGE: step3 tour [--trace]`, `Usage: course reset [<id>]`,
    /// `See 'step3 help <subcommand>' for detailed help.`
    public func rewrite(_ message: String) -> String {
        let program = Root._commandName
        return message.components(separatedBy: "\n").map { line in
            var line = line
            if let match = line.wholeMatch(of: /(\s*(?:USAGE|Usage):) (\S+)(.*)/), match.output.2 == program {
                line = "\(match.output.1) \(form(match.output.3.trimmingCharacters(in: .whitespaces)))"
            }
            for match in line.matches(of: /'(\S+)( [^']*)?'/).reversed() where match.output.1 == program {
                let arguments = (match.output.2.map(String.init) ?? "").trimmingCharacters(in: .whitespaces)
                line.replaceSubrange(match.range, with: form(arguments))
            }
            return line
        }.joined(separator: "\n")
    }
}

/// A subcommand whose arguments take any word, `-honey` too: a word that
/// starts with `--` and is not one of its options is still refused as a
/// mistyped option (`--databse`), as everywhere else; after `--`, every word
/// is a word to take.
public protocol TakesAnyWord {}
