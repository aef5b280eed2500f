// Exercise s10-safe-search · write the code · chapter 10, "Search as you type: every word quoted, the last a prefix"
//
// Write `searchPattern`: what a learner typed in a search box, as an FTS5
// query for `MATCH ?` that means "rows with all these words, the last one
// possibly unfinished", words separated by any whitespace (a tab, a line
// break, not only a space). Whatever they type — quotes, *, -, :, parentheses,
// a dot, an apostrophe, AND, OR, NOT, NEAR — must be searched as words, never
// read as FTS5 syntax.
// Return nil when the text holds nothing to search (no letter or digit).
//
//     searchPattern("smoked tro")  →  "smoked" "tro"*

import Foundation

func searchPattern(_ text: String) -> String? {
    // TODO
    nil
}
