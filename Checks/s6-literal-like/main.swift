import ExerciseSupport
import GRDB

@testable import Exercise_s6_literal_like

let setup = """
    CREATE TABLE Products (ProductID INTEGER PRIMARY KEY, ProductName TEXT NOT NULL);
    INSERT INTO Products (ProductName) VALUES
      ('100% Juice'), ('1000 Teas'), ('Pure_Water'), ('PureXWater'), ('Chai'), ('Back\\Slash'), ('Backslash'),
      ('Yes!Cola'), ('Hash#Tea'), ('Up^Beat'), ('Tilde~Jam'), ('Pipe|Ale'), ('Half/Half'), ('Cash$Nut'), ('At@Home');
    """

func search(_ text: String) throws -> [String] {
    let queue = try DatabaseQueue()
    try queue.write { db in try db.execute(sql: setup) }
    return try queue.read { db in
        try learnerCode("searchProducts(db, matching: \"\(text)\")") { try searchProducts(db, matching: text) }
    }
}

/// Fails, naming how, unless the search for `text` finds exactly `expected`;
/// `rule` (in parentheses, after what went wrong) is the rule the task states.
func expectSearch(_ text: String, finds expected: [String], _ rule: String) throws {
    let found = try search(text)
    guard found != expected else { return }
    let how =
        found.isEmpty
        ? "finds nothing"
        : found.sorted() == expected.sorted()
            ? "finds them in another order"
            : Set(expected).isSubset(of: found)
                ? "also finds \(show(found.filter { !expected.contains($0) })): a % or _ in the text still works as a wildcard"
                : "finds other names"
    throw CheckFailure(
        "the search for \(show(text)) \(how) (\(rule))", expected: show(expected), actual: show(found), sql: setup)
}

// edge(escape, bang-not-escaped): the escape character itself, whichever is chosen: \ ! # ^ ~ | / $ @ in names
// edge(case-and-accents, instr-case-sensitive): "chai" finds Chai: LIKE folds A–Z
runCheck(
    "s6-literal-like",
    [
        (
            "finds a name part, ignoring the case of A–Z",
            {
                try expectSearch("Chai", finds: ["Chai"], "searchProducts returns the names that contain the text")
                try expectSearch("chai", finds: ["Chai"], "LIKE ignores the case of A–Z; instr and GLOB do not")
                try expectSearch(
                    "water", finds: ["PureXWater", "Pure_Water"], "the names that contain the text, ordered by name")
            }
        ),
        (
            "% is just a percent sign",
            {
                try expectSearch(
                    "100%", finds: ["100% Juice"],
                    "escape it, and name the escape character with ESCAPE")
            }
        ),
        (
            "_ is just an underscore",
            { try expectSearch("e_w", finds: ["Pure_Water"], "escape it too") }
        ),
        (
            "a backslash is just a backslash",
            {
                try expectSearch(
                    "k\\s", finds: ["Back\\Slash"],
                    "the escape character itself is escaped first")
            }
        ),
        (
            "the escape character itself is escaped, whichever you chose: ! # ^ ~ | / $ @ are just themselves",
            {
                // With ESCAPE '!', an unescaped ! in the text escapes the letter after it: "s!c" looks for "sc".
                for (text, name) in [
                    ("s!c", "Yes!Cola"), ("h#t", "Hash#Tea"), ("p^b", "Up^Beat"), ("e~j", "Tilde~Jam"),
                    ("e|a", "Pipe|Ale"), ("f/h", "Half/Half"), ("h$n", "Cash$Nut"), ("t@h", "At@Home"),
                ] {
                    try expectSearch(text, finds: [name], "escape the escape character you chose, as % and _")
                }
            }
        ),
    ])
