import Foundation

/// A check's failure is read by a learner who is stuck: its `✗` line must be a
/// sentence that names what is wrong. `course verify` runs every starter and
/// known mistake, and reports a `✗` line that repeats a clause of its own or
/// stops mid-sentence: what two wrappers around one failure tend to
/// produce (`learnerCodeThrows`'s "returned normally" after a call that "must
/// throw", a rule's words put before the failure's own).
public enum MessageStyle {
    /// Words a sentence does not end on: articles, conjunctions, a modal, and
    /// prepositions that are never a verb's particle (the rest of the sentence
    /// went missing). Not "was" ("left the cache as it was") nor "on" ("it
    /// turns no enforcement on").
    static let danglingWords: Set<String> = [
        "a", "an", "the", "and", "or", "but", "of", "with", "from", "its", "that", "which", "than", "still",
        "must", "also",
    ]

    /// What is wrong with the `✗` lines of a check's output (none: they read well).
    public static func problems(_ message: String) -> [String] {
        message.components(separatedBy: "\n").filter { $0.hasPrefix("✗ ") }.flatMap { line in
            problems(line: String(line.dropFirst(2)))
        }
    }

    static func problems(line: String) -> [String] {
        var found: [String] = []
        // Clauses: the parts between punctuation. One of three words or more, twice, is a repetition.
        let clauses = line.components(separatedBy: CharacterSet(charactersIn: ":;,()"))
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { $0.split(separator: " ").count >= 3 }
        var seen: Set<String> = []
        for clause in clauses where !seen.insert(clause).inserted {
            found.append("repeats \"\(clause)\": \(line)")
        }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if let last = trimmed.last, ":,;(".contains(last) {
            found.append("ends on \"\(last)\": \(line)")
        } else if let word = trimmed.split(separator: " ").last?.lowercased(), danglingWords.contains(word) {
            found.append("ends mid-sentence, on \"\(word)\": \(line)")
        }
        if trimmed.range(of: #"\bmust\b[^:;]*\breturned normally\b"#, options: .regularExpression) != nil {
            found.append("says what must happen and what happened as one clause: \(line)")
        }
        return found
    }
}
