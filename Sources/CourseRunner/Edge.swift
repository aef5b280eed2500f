import Foundation

/// An edge of a rule's domain that an exercise's check holds a case for: the input where an answer
/// that is right at the centre of the rule goes wrong (a tab between two words, the escape character
/// itself, the body type nobody thought of). Each is declared in Checks/<id>/main.swift, beside the
/// case that holds it, as one comment line:
///
///     // edge(whitespace, split-on-space): a tab, a line break and a no-break space between words
///
/// the class, the known mistake (Checks/<id>/mistakes/<name>) that misses exactly that edge, and what
/// the case holds. `verify` proves the mistake fails; `verify --edges` lists every edge beside its
/// mistake's first failure line; lint reports an exercise that declares none, an unknown class and a
/// mistake the manifest does not list.
public struct Edge: Sendable, Equatable {
    /// The classes of edges, with what each asks of a check (docs/instructors.md, "The edges of a rule").
    public enum Kind: String, CaseIterable, Sendable {
        case whitespace
        case escape
        case domain
        case columnNames = "column-names"
        case addedColumn = "added-column"
        case containedIds = "contained-ids"
        case expression
        case null
        case ties
        case boundary
        case errorPath = "error-path"
        case caseAndAccents = "case-and-accents"
        case empty
        case again

        /// What the class asks a check to hold.
        public var asks: String {
            switch self {
            case .whitespace:
                "every whitespace character a word may be split on (tab, line break, no-break space), not only the space"
            case .escape: "the escape character itself, where the learner chooses one"
            case .domain: "every value the schema or the course's data allows for a filtered column"
            case .columnNames: "the result columns by name, where the task names them"
            case .addedColumn: "the nullability and the default of a column a migration adds, with a new row after it"
            case .containedIds: "ids that contain other ids (a and ab), where a path, a prefix or instr could be used"
            case .expression:
                "an expression written otherwise than the query writes it (->> and json_extract, a column and a path in it)"
            case .null: "a NULL where a value is read, compared, counted or filtered"
            case .ties: "rows equal in what orders them, where the plan alone would give another order"
            case .boundary: "a value at the limit of a comparison or a count (exactly 2 for ≥ 2, a gap in the ids)"
            case .errorPath: "a call, statement or constraint that fails, and what it leaves behind"
            case .caseAndAccents: "letters that differ only by case or by an accent, text beyond ASCII"
            case .empty: "nothing: an empty or blank input, a table without rows, a group without members"
            case .again:
                "the same thing a second time: a migrator, an upsert or a sync run again, an id a cycle brings back"
            }
        }
    }

    public var kind: Kind
    /// The known mistake that misses this edge and nothing else.
    public var mistake: String
    /// What the check's case holds at this edge, in words.
    public var cases: String

    /// The comment that declares an edge: `// edge(<class>, <mistake>): <what the case holds>`.
    static var declaration: Regex<(Substring, Substring, Substring, Substring)> {
        /^\s*\/\/\s*edge\(([^,()]*),\s*([^()]*)\):\s*(.*)$/
    }

    /// The edges a check declares, and the declarations it could not read (an unknown class, no words).
    public static func declared(in check: String) -> (edges: [Edge], malformed: [String]) {
        var edges: [Edge] = []
        var malformed: [String] = []
        for line in check.components(separatedBy: "\n") {
            guard let match = line.wholeMatch(of: declaration) else {
                if line.contains("// edge(") { malformed.append(line.trimmingCharacters(in: .whitespaces)) }
                continue
            }
            let name = match.1.trimmingCharacters(in: .whitespaces)
            let words = match.3.trimmingCharacters(in: .whitespaces)
            guard let kind = Kind(rawValue: name), !words.isEmpty else {
                malformed.append(line.trimmingCharacters(in: .whitespaces))
                continue
            }
            edges.append(Edge(kind: kind, mistake: match.2.trimmingCharacters(in: .whitespaces), cases: words))
        }
        return (edges, malformed)
    }

    /// The edges of one exercise, read from its check (none when the check cannot be read).
    public static func declared(for exercise: Exercise, root: URL) -> (edges: [Edge], malformed: [String]) {
        let url = root.appendingPathComponent("Checks/\(exercise.id)/main.swift")
        return declared(in: (try? String(contentsOf: url, encoding: .utf8)) ?? "")
    }

    /// What lint says about an exercise's edges: none declared, a declaration it cannot read, a
    /// mistake the manifest does not list.
    static func problems(_ exercise: Exercise, root: URL) -> [String] {
        let check = "Checks/\(exercise.id)/main.swift"
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(check).path) else { return [] }
        let (edges, malformed) = declared(for: exercise, root: root)
        var problems: [String] = []
        if edges.isEmpty && malformed.isEmpty {
            problems.append(
                "\(check) declares no edge: write `// edge(<class>, <mistake>): <what the case holds>` beside "
                    + "the case that holds it (classes: \(Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        for line in malformed {
            problems.append(
                "\(check): cannot read \"\(line)\": write `// edge(<class>, <mistake>): <what the case holds>`, "
                    + "the class one of \(Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let mistakes = Set((exercise.mistakes ?? []).map(\.name))
        for edge in edges where !mistakes.contains(edge.mistake) {
            problems.append(
                "\(check): edge(\(edge.kind.rawValue), \(edge.mistake)) names no mistake of the manifest: "
                    + "add Checks/\(exercise.id)/mistakes/\(edge.mistake), the answer that misses that edge")
        }
        return problems
    }
}
