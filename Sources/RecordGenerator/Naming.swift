import Foundation

// MARK: - From SQL names to Swift names

/// How table and column names become Swift names. SQL allows anything in a
/// name ("Order Details", `class`, snake_case, PascalCase); Swift does not.
public enum Naming {
    /// The words of a name: split at anything that is not a letter or digit,
    /// and where a lowercase letter meets an uppercase one ("ProductID" →
    /// Product, ID; "english_name" → english, name; "Order Details" → Order, Details).
    public static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in name {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previous = nil
                continue
            }
            if let previous, previous.isLowercase || previous.isNumber, character.isUppercase, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `ProductID` → `productID`, `english_name` → `englishName`,
    /// `team_id` → `teamID` (Swift spells the acronym in capitals),
    /// `URL` → `url`, `default` → `` `default` ``.
    public static func property(_ name: String) -> String {
        let parts = words(name)
        guard let first = parts.first else { return "column" }
        // A first word in capitals (an acronym: "URL", "ID") is lowercased whole.
        let head = first == first.uppercased() ? first.lowercased() : lowercasingFirst(first)
        let tail = parts.dropFirst().map { $0.lowercased() == "id" ? "ID" : capitalizingFirst($0) }
        let name = startingWithLetter(head + tail.joined())
        return escaped(takenMemberNames.contains(name) ? name + "Column" : name)
    }

    /// `solar_body` → `SolarBody`, `Products` → `Product`, `Order Details` →
    /// `OrderDetail`: one row is one thing, so the type is singular. A name
    /// that would hide a type the generated code uses (`Row`, `Column`,
    /// `Database`, `Date`…) gets `Record` appended, until it hides none.
    public static func type(_ tableName: String) -> String {
        var parts = words(tableName).map(capitalizingFirst)
        if let last = parts.popLast() { parts.append(singular(last)) }
        var name = startingWithLetter(parts.joined())
        if name.isEmpty { name = "Table" }  // a name of symbols only: "_", "%"
        while reservedTypeNames.contains(name) { name += "Record" }  // Table → TableRecord → TableRecordRecord
        return name
    }

    /// `Product` → `Product`, `Category` → `categories` (for `hasMany`).
    public static func plural(_ word: String) -> String {
        let lower = word.lowercased()
        if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) {
            return word.dropLast() + "ies"
        }
        if ["s", "x", "z", "ch", "sh"].contains(where: lower.hasSuffix) { return word + "es" }
        return word + "s"
    }

    /// English plurals, the regular cases: Categories → Category,
    /// Addresses → Address, Boxes → Box, Products → Product. "Status",
    /// "Analysis" and "Address" stay as they are.
    public static func singular(_ word: String) -> String {
        let lower = word.lowercased()
        if lower.hasSuffix("ies"), word.count > 3 { return word.dropLast(3) + "y" }
        if ["sses", "xes", "ches", "shes", "zes"].contains(where: lower.hasSuffix) { return String(word.dropLast(2)) }
        if lower.hasSuffix("s"), !["ss", "us", "is"].contains(where: lower.hasSuffix) {
            return String(word.dropLast())
        }
        return word
    }

    /// The name of a foreign key's column without its "ID" ending:
    /// `CategoryID` → `category`, `home_team_id` → `homeTeam`,
    /// `ReportsTo` → `reportsTo`. Empty when nothing is left (`id`).
    public static func withoutIDSuffix(_ column: String) -> String {
        var parts = words(column)
        if let last = parts.last, last.lowercased() == "id" { parts.removeLast() }
        return parts.isEmpty ? "" : property(parts.joined(separator: "_"))
    }

    /// Swift's keywords, escaped with backticks so they can name a property.
    public static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    static func lowercasingFirst(_ word: some StringProtocol) -> String {
        word.prefix(1).lowercased() + word.dropFirst()
    }

    static func capitalizingFirst(_ word: some StringProtocol) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    /// "2fa" cannot start a Swift name: "_2fa" can.
    static func startingWithLetter(_ name: String) -> String {
        name.first?.isNumber == true ? "_" + name : name
    }

    /// The keywords of The Swift Programming Language's "Lexical Structure"
    /// that are reserved outside a particular context (the contextual ones,
    /// `get`, `set`, `lazy`…, are ordinary names where a property is).
    static let keywords: Set<String> = [
        // Declarations
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "precedencegroup",
        "private", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        // Statements
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard",
        "if", "in", "repeat", "return", "switch", "throw", "where", "while",
        // Expressions and types
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        // Contextual keywords that cannot name a member even in backticks (`X.Type`, `X.Protocol`)
        "Type", "Protocol",
    ]

    /// Names a record's property cannot take, backticks or not: `self` (an
    /// init parameter so named would hide the instance), `init`, `deinit`,
    /// `subscript` (`self.init` is the initializer), and the members of the
    /// `CodingKeys` enum, whose cases have the properties' names
    /// (`rawValue`, `stringValue`, `intValue`). They get `Column` appended.
    static let takenMemberNames: Set<String> = [
        "self", "init", "deinit", "subscript", "rawValue", "stringValue", "intValue",
    ]

    /// Types the generated file names: a record called `Row` would hide GRDB's.
    static let reservedTypeNames: Set<String> = [
        "Row", "Column", "Columns", "Database", "DatabaseQueue", "Record", "Table", "Statement", "SQL",
        "String", "Int", "Int64", "Double", "Bool", "Data", "Date", "Optional", "Array", "Set", "Dictionary",
        "Error", "Codable", "Sendable", "Equatable", "ForeignKey", "Association", "CodingKeys", "Self", "Type",
        "Protocol", "Any", "AnyObject", "Never", "Void", "DatabaseValue", "DatabaseValueConvertible",
        "PersistenceContainer", "InsertionSuccess", "FetchableRecord", "TableRecord", "PersistableRecord",
        "MutablePersistableRecord", "Identifiable", "CodingKey", "Decodable", "Encodable", "GRDB", "Foundation",
        "ColumnValueError", "Swift",
    ]
}
