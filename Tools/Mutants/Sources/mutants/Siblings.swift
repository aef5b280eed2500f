import SwiftSyntax

/// Which names can stand for one another: the cases of one enum, and the types that share a protocol.
///
/// A case name is swapped only for another case of the same enum, known here either because the
/// course declares the enum (collected from every file the tool reads) or because it is one of
/// GRDB's or SQLite's that the steps use (listed below). A name that belongs to two enums is left
/// alone: without types, the tool cannot tell which one a `.name` means.
struct Siblings {
    /// GRDB's enums the steps pass as `.case` (GRDB 7.10's `Database.TransactionKind`,
    /// `Database.ConflictResolution`, `Database.ForeignKeyAction`, `Database.TransactionCompletion`).
    static let library: [[String]] = [
        ["deferred", "immediate", "exclusive"],
        ["rollback", "abort", "fail", "ignore", "replace"],
        ["cascade", "restrict", "setNull", "setDefault"],
        ["commit", "rollback"],
    ]
    /// Types that can stand in each other's place (both `DatabaseWriter`s).
    static let types: [String: String] = ["DatabasePool": "DatabaseQueue", "DatabaseQueue": "DatabasePool"]

    private var groups: [[String]] = Self.library

    /// Adds the cases without associated values of every enum declared in `tree`.
    mutating func collect(from tree: SourceFileSyntax) {
        let collector = EnumCollector(viewMode: .sourceAccurate)
        collector.walk(tree)
        groups += collector.groups
    }

    /// The case that replaces `name`: the next one of its enum, or nil when the name is not a known
    /// case or belongs to more than one enum.
    func sibling(of name: String) -> String? {
        let owners = groups.filter { $0.contains(name) }
        guard owners.count == 1, let group = owners.first, let index = group.firstIndex(of: name) else { return nil }
        return group[(index + 1) % group.count]
    }
}

/// The enums of one file, each as the list of its cases without associated values.
private final class EnumCollector: SyntaxVisitor {
    var groups: [[String]] = []
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        let names = node.memberBlock.members
            .compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }
            .flatMap { $0.elements.filter { $0.parameterClause == nil }.map(\.name.text) }
        if names.count > 1 { groups.append(names) }
        return .visitChildren
    }
}
