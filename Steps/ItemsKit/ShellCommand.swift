import CourseCore

/// One command of the shell. The subcommands `add`, `edit`, `delete` and
/// `new` parse their words with the same grammar, so both agree.
public enum ShellCommand: Equatable, Sendable {
    case new
    case add([String: String])
    case edit(Int64, [String: String])
    case delete([Int64])
    case order(Ordering?)  // nil: the next one, like the tutorial's button
    case help
    case quit

    public static let usage = """
        commands: new · add NAME [QUANTITY] [--FIELD VALUE]… · edit ID --FIELD VALUE… · \
        delete ID… · order [\(Ordering.allCases.map(\.rawValue).joined(separator: "|"))] · help · quit
        orderings: \(Ordering.allCases.map { "\($0.rawValue) (\($0.label))" }.joined(separator: ", ")); \
        `order` alone moves to the next one
        """

    /// How words are quoted, in the shell and on the command line.
    public static let quoting = """
        Quoting: a word with spaces goes in quotes, "double" or 'single': add "Øresund 100%" 2. \
        An empty pair ("" or '') is an empty field: edit 3 --quantity "" clears the quantity. \
        % and _ are plain characters.
        """

    /// Parses a line such as `add "Green apples" 3`. `fields` are the
    /// editor's field names ("name", "quantity", …) that `--FIELD` may set.
    public static func parse(_ line: String, fields: [String]) throws -> ShellCommand {
        try parse(words(line), fields: fields)
    }

    public static func parse(_ words: [String], fields: [String]) throws -> ShellCommand {
        guard let verb = words.first else { throw CourseError.input("empty command; \(usage)") }
        var rest = Array(words.dropFirst())
        switch verb {
        case "new", "help", "quit":
            guard rest.isEmpty else { throw CourseError.input("\(verb) takes no arguments") }
            return verb == "new" ? .new : verb == "help" ? .help : .quit
        case "add":
            var changes = try options(&rest, fields: fields)
            guard (1...2).contains(rest.count) else {
                throw CourseError.input("usage: add NAME [QUANTITY] [--FIELD VALUE]…")
            }
            changes["name"] = rest[0]
            if rest.count == 2 { changes["quantity"] = rest[1] }
            return .add(changes)
        case "edit":
            let changes = try options(&rest, fields: fields)
            guard rest.count == 1, !changes.isEmpty else {
                throw CourseError.input("usage: edit ID \(fields.map { "[--\($0) VALUE]" }.joined(separator: " "))")
            }
            return .edit(try id(rest[0]), changes)
        case "delete":
            guard !rest.isEmpty else { throw CourseError.input("usage: delete ID…") }
            return .delete(try rest.map(id))
        case "order":
            guard rest.count <= 1 else { throw CourseError.input("usage: order [asc|desc|none]") }
            guard let word = rest.first else { return .order(nil) }
            guard let ordering = Ordering(rawValue: word) else {
                throw CourseError.input("unknown ordering \"\(word)\": use asc, desc or none")
            }
            return .order(ordering)
        default:
            throw CourseError.input("unknown command \"\(verb)\"; \(usage)")
        }
    }

    /// Removes `--FIELD VALUE` pairs from `words` and returns them.
    static func options(_ words: inout [String], fields: [String]) throws -> [String: String] {
        var changes: [String: String] = [:]
        var positional: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            if word.hasPrefix("--") {
                let field = String(word.dropFirst(2))
                guard fields.contains(field) else {
                    throw CourseError.input(
                        "unknown option \(word): the fields are \(fields.map { "--" + $0 }.joined(separator: ", "))")
                }
                guard index + 1 < words.count else { throw CourseError.input("\(word) needs a value (\"\" for none)") }
                changes[field] = words[index + 1]
                index += 2
            } else {
                positional.append(word)
                index += 1
            }
        }
        words = positional
        return changes
    }

    static func id(_ word: String) throws -> Int64 {
        guard let id = Int64(word) else { throw CourseError.input("\"\(word)\" is not an item id") }
        return id
    }

    /// Splits a line into words; "double" or 'single' quotes keep spaces
    /// inside a word, and "" is an empty word (an empty field).
    public static func words(_ line: String) throws -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if quote != nil { throw CourseError.input("a quote is not closed") }
        if inWord { words.append(current) }
        return words
    }
}
