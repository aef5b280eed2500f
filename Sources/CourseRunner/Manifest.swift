import Foundation

/// One exercise, as Exercises/manifest.json lists it.
public struct Exercise: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case write, fix, predict, sql
    }

    /// How the untouched starter fails: at `stage` ("compile" or "check"),
    /// with `says` somewhere in the output.
    public struct StarterFailure: Codable, Sendable, Equatable {
        public var stage: String
        public var says: String
    }

    /// The folder name under Exercises/, Solutions/ and Checks/: the one name
    /// every command and message uses.
    public var id: String
    public var kind: Kind
    public var step: Int
    /// The chapter section it practises: "docs/01-raw-c-api.md#reading-rows-step-and-column".
    public var section: String
    /// The file the learner edits, inside the exercise's folder.
    public var file: String
    /// One line: what to do.
    public var task: String
    /// Three hints, from gentle to explicit.
    public var hints: [String]
    public var starter: StarterFailure
    /// Known wrong answers, kept in Checks/<id>/mistakes/<name>/<file>: `course verify`
    /// proves each fails with `says` (the rule it breaks) in the check's output.
    public var mistakes: [Variant]?
    /// Right answers written differently, in Checks/<id>/alternatives/<name>/<file>: each must pass.
    public var alternatives: [Variant]?

    /// A known mistake or alternative: its folder's name, and (for a mistake) what its failure says.
    public struct Variant: Codable, Sendable, Equatable {
        public var name: String
        public var says: String?
    }

    /// Whether the exercise has Swift code of its own (SQL exercises have only query.sql).
    public var hasModule: Bool { kind != .sql }
    /// The chapter file, without the section.
    public var chapter: String { String(section.split(separator: "#").first ?? "") }
}

/// Exercises/manifest.json: the exercises in the order a learner meets them.
public struct Manifest: Codable, Sendable {
    public var exercises: [Exercise]

    public static let path = "Exercises/manifest.json"

    public static func load(root: URL) throws -> Manifest {
        let url = root.appendingPathComponent(path)
        do {
            return try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: url))
        } catch {
            throw RunnerError("cannot read \(path): \(error)")
        }
    }

    /// The exercise a learner names on the command line: its id, in any case
    /// (`S5-ADD-NOTES`), or its number in `list` (`15`; the first is 1).
    public func lookUp(_ typed: String) -> Exercise? {
        if let number = Int(typed), exercises.indices.contains(number - 1) { return exercises[number - 1] }
        return exercises.first { $0.id.lowercased() == typed.lowercased() }
    }

    /// Whether a word is meant as an exercise (an id, even mistyped, or a number):
    /// the runner's default subcommand takes it, and says which exercise it meant.
    public static func looksLikeAnExercise(_ word: String) -> Bool {
        Int(word) != nil || word.lowercased().wholeMatch(of: /s[0-9]+-.*/) != nil
    }

    /// `lookUp`, or an error that names the closest ids given (`suggestions`).
    public func exercise(_ typed: String, suggestions: [String] = []) throws -> Exercise {
        if let exercise = lookUp(typed) { return exercise }
        let close =
            suggestions.isEmpty
            ? exercises.map(\.id).filter { $0.contains(typed.lowercased()) || typed.lowercased().contains($0) }
            : suggestions
        let range = Int(typed) != nil ? " (the numbers go from 1 to \(exercises.count))" : ""
        throw RunnerError(
            "no exercise called \(typed)\(range)"
                + (close.isEmpty ? "" : ": did you mean \(close.joined(separator: ", "))?")
                + " `make ex ARGS=\"list\"` lists them, with their numbers.")
    }
}

/// An error the runner reports as one line, then exits 1.
public struct RunnerError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
