/// `add`, `edit` and `delete` take their words in the shell's grammar.
protocol Verb {
    static var name: String { get }
    static var usage: String { get }
    static var abstract: String { get }
}
enum Add: Verb {
    static let name = "add", usage = "NAME [QUANTITY] [--FIELD VALUE]…", abstract = "Add an item."
}
enum Edit: Verb {
    static let name = "edit", usage = "ID --FIELD VALUE…"
    static let abstract = "Edit an item: an empty name keeps the name, an empty quantity clears it."
}
enum Delete: Verb {
    static let name = "delete", usage = "ID…", abstract = "Delete items (all ids must exist)."
}
