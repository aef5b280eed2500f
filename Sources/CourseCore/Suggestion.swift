// MARK: - Suggestions for a mistyped word

/// The word of `candidates` closest to `word`, when close enough to be a typo:
/// at most a third of the letters differ (one edit for a word of up to five
/// letters). Every program of the course suggests through this one function:
/// a step's subcommands and options, the runner's subcommands and exercise ids.
/// Case is ignored (`S5-ADD-NOTES`, `Sync`), and two letters typed in the wrong
/// order count as one edit (`snyc` → `sync`), as a person counts them.
public func closestWord(to word: String, among candidates: [String]) -> String? {
    let typed = word.lowercased()
    let scored = candidates.map { ($0, editDistance(typed, $0.lowercased())) }
        .filter { $0.1 <= max(1, word.count / 3) }
    return scored.min { $0.1 < $1.1 }?.0
}

/// The number of edits from `a` to `b`: insertions, deletions, substitutions,
/// and swaps of two neighbouring letters (the optimal string alignment distance).
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    // d[i][j]: the edits from a's first i letters to b's first j letters.
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            let substitution = a[i - 1] == b[j - 1] ? 0 : 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + substitution)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)  // two neighbours swapped
            }
        }
    }
    return d[a.count][b.count]
}
