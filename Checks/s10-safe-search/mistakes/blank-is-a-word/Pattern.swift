// Exercise s10-safe-search · write the code · chapter 10, "Search as you type: every word quoted, the last a prefix"
//
// Write `searchPattern`: what a learner typed in a search box, as an FTS5
// query for `MATCH ?` that means "rows with all these words, the last one
// possibly unfinished". Whatever they type — quotes, *, -, :, parentheses,
// AND, OR, NOT, NEAR — must be searched as words, never read as FTS5 syntax.
// Return nil when the text holds nothing to search (no letter or digit).
//
//     searchPattern("smoked tro")  →  "smoked" "tro"*

import Foundation

func searchPattern(_ text: String) -> String? {
    // A word without a letter or digit has no token: an empty "" phrase would be an error.
    let words = text.split(whereSeparator: \.isWhitespace)
    guard !words.isEmpty else { return nil }
    // Inside double quotes nothing is syntax; a quote inside is doubled. The * after the last one: a prefix.
    return words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: " ") + "*"
}
