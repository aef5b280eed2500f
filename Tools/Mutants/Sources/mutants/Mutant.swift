/// One mutant: a single change to one file, small enough that a test should notice it.
///
/// It is a splice: the bytes `start..<end` of `file` (UTF-8 offsets) become `replacement`. The
/// driver (scripts/mutants.py) applies it, builds, runs the tests that can see the file, and puts
/// the bytes back.
struct Mutant: Codable, Equatable {
    /// The file, as the command line named it (a path from the repository root).
    var file: String
    /// Where the change starts, 1-based, for a person reading the results.
    var line: Int
    var column: Int
    /// Which operator made it (`Operator.rawValue`).
    var `operator`: String
    /// The UTF-8 byte range replaced, and what replaces it.
    var start: Int
    var end: Int
    var original: String
    var replacement: String
    /// The whole source line it starts on, trimmed: what the equivalent list matches (line numbers move).
    var context: String
}

/// The mutation operators, each a slip a person could make and a test should catch.
enum Operator: String, CaseIterable {
    /// `if c`, `guard c`, `while c` → `!(c)`.
    case negateCondition = "negate-condition"
    /// `<` `<=` `==` `!=` `>` `>=`, each into its nearest neighbour; `&&` ↔ `||`.
    case swapOperator = "swap-operator"
    /// `a && b` → `a` or `b` (likewise `||`).
    case dropOperand = "drop-operand"
    /// A call, a `try`, an assignment, standing alone as a statement, removed.
    case deleteStatement = "delete-statement"
    /// `0` ↔ `1` (other whole numbers n → n + 1), `true` ↔ `false`, `.a` → `.b` (cases of one enum).
    case replaceLiteral = "replace-literal"
    /// A type for its sibling: `DatabasePool` ↔ `DatabaseQueue`.
    case swapType = "swap-type"
    /// Inside a string literal that holds SQL: a clause dropped or a keyword swapped.
    case sql = "sql"
}
