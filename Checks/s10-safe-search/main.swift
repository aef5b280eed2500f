import ExerciseSupport
import GRDB

@testable import Exercise_s10_safe_search

let setup = """
    CREATE VIRTUAL TABLE product_fts USING fts5(product, tokenize = 'unicode61 remove_diacritics 2');
    INSERT INTO product_fts (product) VALUES
      ('Smoked Trout "Kestrel Cut"'), ('Smoked Goat Log'), ('Trout Pâté'), ('1000-Flower Honey'),
      ('Fig & Walnut Chutney'), ('Near And Far Oats'), ('Earl Grey Tea');
    """

/// The products `MATCH searchPattern(text)` finds, in table order.
func search(_ text: String) throws -> [String] {
    let pattern = searchPattern(text)
    guard let pattern else { return [] }
    let queue = try DatabaseQueue()
    try queue.write { db in try db.execute(sql: setup) }
    let sql = "SELECT product FROM product_fts WHERE product_fts MATCH ? ORDER BY rowid"
    return try learnerCode("MATCH \(swiftLiteral(pattern)) (searchPattern(\(swiftLiteral(text))))", sql: sql) {
        try queue.read { db in try String.fetchAll(db, sql: sql, arguments: [pattern]) }
    }
}

// edge(whitespace, split-on-space): a tab, a line break (LF and CRLF) and a no-break space between two words
// edge(empty, blank-is-a-word): nothing to search: empty, spaces only, punctuation only, a tab and a line break
runCheck(
    "s10-safe-search",
    [
        (
            "every word must appear",
            {
                try expectSwift(
                    try search("smoked trout"), equals: ["Smoked Trout \"Kestrel Cut\""], "search \"smoked trout\"")
                try expectSwift(
                    try search("TROUT"), equals: ["Smoked Trout \"Kestrel Cut\"", "Trout Pâté"], "search \"TROUT\"")
            }
        ),
        (
            "words are split at any whitespace: a tab, a line break, a no-break space, not only a space",
            {
                // "trout\tsmoked", kept as one quoted word, is the phrase "trout smoked": no product has it.
                for text in ["trout\tsmoked", "trout\nsmoked", "trout\r\nsmoked", "trout\u{A0}smoked"] {
                    try expectSwift(
                        try search(text), equals: ["Smoked Trout \"Kestrel Cut\""], "search \(swiftLiteral(text))")
                }
            }
        ),
        (
            "the last word is a prefix: a * after its closing quote",
            {
                try expectSwift(
                    try search("smoked tro"), equals: ["Smoked Trout \"Kestrel Cut\""], "search \"smoked tro\"")
                try expectSwift(try search("pat"), equals: ["Trout Pâté"], "search \"pat\"")
            }
        ),
        (
            "only the last word is a prefix: the others are whole words",
            {
                // "smoke" is no word of Smoked Trout: "smoke"* would find it.
                try expectSwift(try search("smoke trout"), equals: [], "search \"smoke trout\"")
            }
        ),
        (
            "FTS5 syntax is searched as words: every word in double quotes, a \" inside doubled",
            {
                try expectSwift(
                    try search("\"kestrel"), equals: ["Smoked Trout \"Kestrel Cut\""], "search \"\\\"kestrel\"")
                try expectSwift(try search("near( and"), equals: ["Near And Far Oats"], "search \"near( and\"")
                for text in ["tea OR", "-honey", "product: fig", "(fig", "fig)", "NOT tea", "smoked*", "^goat", "a+b"] {
                    _ = try search(text)
                }
                try expectSwift(try search("1000-Flower"), equals: ["1000-Flower Honey"], "search \"1000-Flower\"")
            }
        ),
        (
            "nothing to search (no letter or digit) is nil",
            {
                for text in ["", "   ", " - ( \" * ", "\t\n\u{A0}"] {
                    try expectSwift(searchPattern(text), equals: nil, "searchPattern(\(swiftLiteral(text)))")
                }
            }
        ),
    ])
