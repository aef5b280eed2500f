import CourseCore
import Foundation

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
/// Outside double quotes, FTS5 reads a query as syntax. A bareword may hold
/// only ASCII letters and digits, `_`, non-ASCII characters and 0x1A: any
/// other character (`.`, `'`, `/`, `#`, `@`…) is a syntax error unless
/// it is one of FTS5's own (`"`, `*`, `-`, `:`, `(`, `)`, `^`, `+`, `{`,
/// `}`, `,`); and `AND`, `OR`, `NOT` in capitals, and `NEAR(`, are
/// operators. Inside double quotes none of that counts: a quoted string is
/// only text for the tokenizer (a `"` inside is written `""`). So every word
/// is quoted, and a `*` *after* the last closing quote makes that word a
/// prefix, for search as you type:
///
///     smoked tro     →  "smoked" "tro"*
///     o'clock tea.   →  "o'clock" "tea."*
///     NEAR( tea OR   →  "NEAR(" "tea" "OR"*
///     say "hi        →  "say" """hi"*
///
/// The text is put in NFC first: the form the app stores names in (see
/// `AppDatabase.addProduct`), so that an accent typed as a separate mark
/// still finds the name. A word without a letter or digit (`-`, `"`, `(`)
/// holds no token: quoted, it would be an empty phrase, which FTS5 ignores,
/// and the prefix `*` would go with it. So it is dropped, and the `*` lands
/// on the last word that holds one. (GRDB's
/// `FTS5Pattern(matchingAllPrefixesIn:)` does a similar job, making *every*
/// word a prefix.)
func safePattern(_ text: String) -> String? {
    let words = text.precomposedStringWithCanonicalMapping.split(whereSeparator: \.isWhitespace)
        .filter { word in word.contains { $0.isLetter || $0.isNumber } }
    guard !words.isEmpty else { return nil }
    let quoted = words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
    return quoted.joined(separator: " ") + "*"
}
// [/docs:safe-pattern]
