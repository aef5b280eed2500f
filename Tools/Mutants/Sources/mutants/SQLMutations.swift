import Foundation

/// The SQL operators: changes to the SQL inside one piece of a string literal.
///
/// They work on text, as a person's slip would: drop the WHERE, ON or ORDER BY clause, turn ASC into
/// DESC, `old.` into `new.` (in a trigger), IMMEDIATE into DEFERRED, drop NOT NULL or a COLLATE. A
/// clause ends where the next clause starts, at a `;`, at the `)` that closes the parenthesis it
/// opened in, or at the end of the piece; one that runs into an interpolation (`\(…)`) is left alone,
/// since what follows it is not text the tool can read.
enum SQLMutations {
    /// A change inside `text`: the characters in `range` become `replacement`.
    struct Change {
        var range: Range<String.Index>
        var replacement: String
    }

    /// Does a literal's text look like SQL? A statement's first keyword, in capitals, as the course writes SQL.
    static func looksLikeSQL(_ text: String) -> Bool {
        text.range(
            of: #"\b(SELECT|INSERT|UPDATE|DELETE|CREATE|PRAGMA|BEGIN|WITH|ALTER|DROP|REPLACE)\b"#,
            options: .regularExpression) != nil
    }

    /// Every change of `piece`, a stretch of literal text. `endsLiteral`: nothing but the closing
    /// quote follows it (else an interpolation does, and a clause may not run to its end).
    static func changes(in piece: String, endsLiteral: Bool) -> [Change] {
        var changes: [Change] = []
        // Clauses dropped whole: from the keyword to where the next clause starts.
        for keyword in ["WHERE", "ORDER BY"] {
            for start in matches(of: #"\b\#(keyword)\b"#, in: piece) {
                if let end = clauseEnd(in: piece, from: start.upperBound, endsLiteral: endsLiteral) {
                    changes.append(Change(range: trimmed(start.lowerBound..<end, in: piece), replacement: ""))
                }
            }
        }
        // ON: a join's condition, or a foreign key's action (ON DELETE CASCADE).
        for start in matches(of: #"\bJOIN\b[^;()]*?\bON\b"#, in: piece) {
            guard let on = piece.range(of: "ON", options: .backwards, range: start)?.lowerBound else { continue }
            if let end = clauseEnd(in: piece, from: start.upperBound, endsLiteral: endsLiteral, stopAt: ["JOIN"]) {
                changes.append(Change(range: trimmed(on..<end, in: piece), replacement: ""))
            }
        }
        for action in matches(of: #"\bON (DELETE|UPDATE) (CASCADE|RESTRICT|SET NULL|SET DEFAULT|NO ACTION)"#, in: piece)
        {
            changes.append(Change(range: action, replacement: ""))
        }
        // Words swapped, or dropped.
        let swaps: [(String, String)] = [
            (#"\bASC\b"#, "DESC"), (#"\bDESC\b"#, "ASC"), (#"\bold\."#, "new."), (#"\bnew\."#, "old."),
            (#"\bIMMEDIATE\b"#, "DEFERRED"), (#"\bDEFERRED\b"#, "IMMEDIATE"),
            (#" NOT NULL\b"#, ""), (#" COLLATE \w+"#, ""),
        ]
        for (pattern, replacement) in swaps {
            changes += matches(of: pattern, in: piece).map { Change(range: $0, replacement: replacement) }
        }
        return changes
    }

    /// Where a clause that starts before `index` ends: before the next clause's keyword, a `;`, or the
    /// `)` that closes a parenthesis opened before it. nil when it would run into an interpolation.
    static func clauseEnd(
        in text: String, from index: String.Index, endsLiteral: Bool, stopAt extra: [String] = []
    ) -> String.Index? {
        let keywords =
            [
                "GROUP BY", "ORDER BY", "LIMIT", "RETURNING", "HAVING", "WINDOW", "UNION", "EXCEPT", "INTERSECT",
                "ON CONFLICT", "DO UPDATE", "DO NOTHING", "WHERE", "BEGIN", "END",
            ] + extra
        var depth = 0
        var position = index
        while position < text.endIndex {
            let character = text[position]
            if character == "(" { depth += 1 }
            if character == ")" {
                if depth == 0 { return position }
                depth -= 1
            }
            if character == ";" && depth == 0 { return position }
            if depth == 0, position == index || !isWordCharacter(text[text.index(before: position)]),
                keywords.contains(where: {
                    text[position...].hasPrefix($0 + " ") || text[position...].hasPrefix($0 + "\n")
                })
            {
                return position
            }
            position = text.index(after: position)
        }
        return endsLiteral ? text.endIndex : nil
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    /// The range without the white space at its end, and with the one space before it: dropping
    /// "WHERE x = 1 " from "… t WHERE x = 1 ORDER BY" leaves "… t ORDER BY".
    private static func trimmed(_ range: Range<String.Index>, in text: String) -> Range<String.Index> {
        var upper = range.upperBound
        while upper > range.lowerBound, text[text.index(before: upper)].isWhitespace {
            upper = text.index(before: upper)
        }
        var lower = range.lowerBound
        if lower > text.startIndex, text[text.index(before: lower)] == " " { lower = text.index(before: lower) }
        return lower..<upper
    }

    private static func matches(of pattern: String, in text: String) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        var searchStart = text.startIndex
        while let range = text.range(of: pattern, options: .regularExpression, range: searchStart..<text.endIndex) {
            found.append(range)
            searchStart = range.upperBound
        }
        return found
    }
}
