import CourseCore

/// What `search` looks for: words a learner typed, or (with `--query`) a
/// query in FTS5's own syntax.
enum SearchQuery: Equatable {
    case words(String)
    case raw(String)

    /// The text given to `MATCH`, or nil when there is nothing to look for.
    var pattern: String? {
        switch self {
        case .words(let text): safePattern(text)
        case .raw(let query): query.trimmingCharacters(in: .whitespaces).isEmpty ? nil : query
        }
    }

    /// How the query reads in output.
    var display: String {
        switch self {
        case .words(let text): "\"\(text)\""
        case .raw(let query): "--query '\(query)'"
        }
    }
}

// [docs:safe-pattern]
/// Turns what a learner typed into an FTS5 query that can only mean "rows
/// with all these words, the last one possibly unfinished".
///
/// FTS5 gives meaning to `"`, `*`, `-`, `:`, `(`, `)`, `^`, `+` and to the
/// words `AND`, `OR`, `NOT` and `NEAR`. Inside double quotes, none of them
/// counts: a quoted string is only text for the tokenizer (a `"` inside is
/// written `""`). So every word is quoted, and a `*` *after* the last closing
/// quote makes that word a prefix, for search as you type:
///
///     smoked tro     →  "smoked" "tro"*
///     NEAR( tea OR   →  "NEAR(" "tea" "OR"*
///     say "hi        →  "say" """hi"*
///
/// A word without a letter or digit (`-`, `"`, `(`) holds no token at all,
/// and is dropped: an empty phrase would be an error. (GRDB's
/// `FTS5Pattern(matchingAllPrefixesIn:)` does the same job, making *every*
/// word a prefix.)
func safePattern(_ text: String) -> String? {
    let words = text.split(whereSeparator: \.isWhitespace)
        .filter { word in word.contains { $0.isLetter || $0.isNumber } }
    guard !words.isEmpty else { return nil }
    let quoted = words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
    return quoted.joined(separator: " ") + "*"
}
// [/docs:safe-pattern]
