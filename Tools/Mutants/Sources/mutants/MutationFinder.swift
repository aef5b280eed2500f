import SwiftOperators
import SwiftParser
import SwiftSyntax

/// Walks one file's syntax tree and lists every mutant of it.
///
/// The tree is folded first (SwiftOperators), so that `a && b || c` is a tree of infix expressions
/// and an operand can be dropped whole; folding keeps the text, so every offset is the source file's.
final class MutationFinder: SyntaxVisitor {
    private let file: String
    private let source: [UInt8]
    private let converter: SourceLocationConverter
    private let siblings: Siblings
    private(set) var mutants: [Mutant] = []

    init(file: String, source: String, tree: SourceFileSyntax, siblings: Siblings) {
        self.file = file
        self.source = Array(source.utf8)
        self.converter = SourceLocationConverter(fileName: file, tree: tree)
        self.siblings = siblings
        super.init(viewMode: .sourceAccurate)
    }

    /// Parses and folds `source`, then lists its mutants, in the order they stand in the file.
    static func mutants(file: String, source: String, siblings: Siblings) -> [Mutant] {
        let parsed = Parser.parse(source: source)
        let folded = OperatorTable.standardOperators.foldAll(parsed) { _ in }.as(SourceFileSyntax.self) ?? parsed
        let finder = MutationFinder(file: file, source: source, tree: folded, siblings: siblings)
        finder.walk(folded)
        return finder.mutants.sorted { ($0.start, $0.end, $0.replacement) < ($1.start, $1.end, $1.replacement) }
    }

    // MARK: - What is never mutated

    /// Compile-time conditions (`#if DEBUG`), attributes and imports decide no behaviour a test runs.
    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        if let condition = node.condition { skipped.append(condition.range) }
        return .visitChildren
    }
    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    private var skipped: [Range<AbsolutePosition>] = []
    private func isSkipped(_ node: some SyntaxProtocol) -> Bool {
        skipped.contains { $0.contains(node.position) }
    }

    // MARK: - negate-condition

    override func visit(_ node: ConditionElementListSyntax) -> SyntaxVisitorContinueKind {
        // The conditions of if, guard and while (not `if let`, `case` or #available).
        guard
            node.parent?.is(IfExprSyntax.self) == true || node.parent?.is(GuardStmtSyntax.self) == true
                || node.parent?.is(WhileStmtSyntax.self) == true
        else { return .visitChildren }
        for element in node {
            if case .expression(let expression) = element.condition {
                add(.negateCondition, replacing: expression, with: "!(\(expression.trimmedDescription))")
            }
        }
        return .visitChildren
    }

    // MARK: - swap-operator, drop-operand

    static let neighbours = [
        "<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "==", "&&": "||", "||": "&&",
    ]

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        guard !isSkipped(node), let op = node.operator.as(BinaryOperatorExprSyntax.self) else { return .visitChildren }
        let text = op.operator.text
        if let swapped = Self.neighbours[text] {
            add(.swapOperator, replacing: op, with: swapped)
        }
        if text == "&&" || text == "||" {
            add(.dropOperand, replacing: node, with: node.leftOperand.trimmedDescription)
            add(.dropOperand, replacing: node, with: node.rightOperand.trimmedDescription)
        }
        return .visitChildren
    }

    // MARK: - delete-statement

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        guard case .expr(let expression) = node.item, isDeletable(expression) else { return .visitChildren }
        // A closure's only expression is its value: without it, the closure no longer type-checks.
        if let list = node.parent?.as(CodeBlockItemListSyntax.self), list.count == 1,
            list.parent?.is(ClosureExprSyntax.self) == true
        {
            return .visitChildren
        }
        add(.deleteStatement, replacing: node, with: "")
        return .visitChildren
    }

    /// A call, possibly behind `try` or `await`, or an assignment (`=`, `+=`, …).
    private func isDeletable(_ expression: ExprSyntax) -> Bool {
        if let wrapped = expression.as(TryExprSyntax.self) { return isDeletable(wrapped.expression) }
        if let wrapped = expression.as(AwaitExprSyntax.self) { return isDeletable(wrapped.expression) }
        if expression.is(FunctionCallExprSyntax.self) { return true }
        if let infix = expression.as(InfixOperatorExprSyntax.self) {
            if infix.operator.is(AssignmentExprSyntax.self) { return true }
            if let op = infix.operator.as(BinaryOperatorExprSyntax.self),
                ["+=", "-=", "*=", "/="].contains(op.operator.text)
            {
                return true
            }
        }
        return false
    }

    // MARK: - replace-literal

    override func visit(_ node: IntegerLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        guard !isSkipped(node), let value = Int(node.literal.text) else { return .visitChildren }
        add(.replaceLiteral, replacing: node, with: value == 1 ? "0" : String(value + 1))
        return .visitChildren
    }

    override func visit(_ node: BooleanLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        guard !isSkipped(node) else { return .visitChildren }
        add(.replaceLiteral, replacing: node, with: node.literal.tokenKind == .keyword(.true) ? "false" : "true")
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        // `.immediate`, not `x.immediate`, and not `.call(…)`: a case without a value.
        guard node.base == nil, node.parent?.is(FunctionCallExprSyntax.self) != true,
            let sibling = siblings.sibling(of: node.declName.baseName.text)
        else { return .visitChildren }
        add(.replaceLiteral, replacing: node.declName, with: sibling)
        return .visitChildren
    }

    // MARK: - swap-type

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if let sibling = Siblings.types[node.baseName.text] { add(.swapType, replacing: node, with: sibling) }
        return .visitChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        if let sibling = Siblings.types[node.name.text] { add(.swapType, replacing: node.name, with: sibling) }
        return .visitChildren
    }

    // MARK: - sql

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        let pieces = node.segments.compactMap { $0.as(StringSegmentSyntax.self) }
        guard SQLMutations.looksLikeSQL(pieces.map(\.content.text).joined()) else { return .skipChildren }
        // The runs of text between interpolations, each read from the source as it stands (a
        // multi-line literal is a piece a line, its indentation between them).
        var runs: [[StringSegmentSyntax]] = [[]]
        for segment in node.segments {
            if let piece = segment.as(StringSegmentSyntax.self) {
                runs[runs.count - 1].append(piece)
            } else {
                runs.append([])
            }
        }
        for (index, run) in runs.enumerated() {
            guard let first = run.first, let last = run.last else { continue }
            let base = first.positionAfterSkippingLeadingTrivia.utf8Offset
            let text = String(decoding: source[base..<last.endPositionBeforeTrailingTrivia.utf8Offset], as: UTF8.self)
            for change in SQLMutations.changes(in: text, endsLiteral: index == runs.count - 1) {
                let start = base + text.utf8.distance(from: text.startIndex, to: change.range.lowerBound)
                let end = base + text.utf8.distance(from: text.startIndex, to: change.range.upperBound)
                add(.sql, start: start, end: end, with: change.replacement)
            }
        }
        return .skipChildren
    }

    // MARK: - Recording

    private func add(_ op: Operator, replacing node: some SyntaxProtocol, with replacement: String) {
        add(
            op, start: node.positionAfterSkippingLeadingTrivia.utf8Offset,
            end: node.endPositionBeforeTrailingTrivia.utf8Offset, with: replacement)
    }

    private func add(_ op: Operator, start: Int, end: Int, with replacement: String) {
        let original = String(decoding: source[start..<end], as: UTF8.self)
        guard original != replacement else { return }
        let location = converter.location(for: AbsolutePosition(utf8Offset: start))
        let lineStart = source[..<start].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let lineEnd = source[start...].firstIndex(of: UInt8(ascii: "\n")) ?? source.count
        let context = String(decoding: source[lineStart..<lineEnd], as: UTF8.self)
            .trimmingCharacters(in: .whitespaces)
        mutants.append(
            Mutant(
                file: file, line: location.line, column: location.column, operator: op.rawValue, start: start,
                end: end, original: original, replacement: replacement, context: context))
    }
}
