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
    var phrases: [String] = []
    for word in text.split(whereSeparator: { $0.isWhitespace }) {
        guard word.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil })
        else { continue }
        var phrase = "\""
        for character in word { phrase += character == "\"" ? "\"\"" : String(character) }
        phrases.append(phrase + "\"")
    }
    guard let last = phrases.popLast() else { return nil }
    return (phrases + [last + "*"]).joined(separator: " ")
}
