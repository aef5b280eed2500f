/// `--trace` prints each statement with its values filled in; a JSON document
/// or a blob bound as one value would fill the screen (step 11's sync pastes a
/// 14 KB document into four statements) and hide the statements around it. So
/// a long quoted value is shortened to its first characters, with its length:
/// `'{"bodies":[{"id":"lun…' (14,213 characters)`. The statement that runs is
/// unchanged: only its printed line is.
public enum TraceLiterals {
    /// A quoted value up to this many characters is printed whole.
    public static let limit = 60
    /// How many of a longer value's first characters are kept.
    public static let kept = 20

    /// `sql` with every single-quoted value longer than `limit` shortened.
    /// Double-quoted identifiers and comments (`/* … */`, `-- …`) are skipped,
    /// so a `'` inside one starts nothing.
    public static func shortened(_ sql: String) -> String {
        var result = ""
        var rest = Substring(sql)
        while let quote = rest.firstIndex(where: { "'\"/-".contains($0) }) {
            result += rest[..<quote]
            let after = rest[rest.index(after: quote)...]
            if let comment = [("/*", "*/"), ("--", "\n")].first(where: { rest[quote...].hasPrefix($0.0) }) {
                // A comment, to its end (or to the end of the text), as it is.
                let end = rest[rest.index(quote, offsetBy: 2)...].range(of: comment.1)?.upperBound ?? rest.endIndex
                result += rest[quote..<end]
                rest = rest[end...]
                continue
            }
            let mark = rest[quote]
            guard mark == "'" || mark == "\"" else {  // a lone / or -: an operator
                result.append(mark)
                rest = after
                continue
            }
            guard let end = closing(mark, in: after) else {
                result += rest[quote...]  // no closing quote: printed as it is
                return result
            }
            // The value itself: a doubled quote inside is one character of it.
            let value = rest[rest.index(after: quote)..<end].replacingOccurrences(of: "''", with: "'")
            if mark == "'" && value.count > limit {
                let start = value.prefix(kept).replacingOccurrences(of: "'", with: "''")
                result += "'\(start)…' (\(grouped(value.count)) characters)"
            } else {
                result += rest[quote...end]
            }
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    /// The index of the quote that closes a value, past doubled quotes (`''` is one `'`).
    static func closing(_ mark: Character, in text: Substring) -> String.Index? {
        var index = text.startIndex
        while let found = text[index...].firstIndex(of: mark) {
            let after = text.index(after: found)
            guard after < text.endIndex, text[after] == mark else { return found }
            index = text.index(after: after)
        }
        return nil
    }

    /// 14213 as "14,213", the same on every machine (no locale).
    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var text = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return text
    }
}
