import ArgumentParser
import CourseCore
import GRDB

// ItemsKit holds what steps 4 and 5 share unchanged: the database door, the
// live list, the shell and `watch`. Each step keeps its lesson: its `Item`
// (record, columns, orderings, editor rules), its migrations and its tour.
// These two protocols are the seam between them.

/// A row of table `item`, as a step defines it.
public protocol ItemRecord: Codable, Equatable, Sendable, FetchableRecord, MutablePersistableRecord {
    var id: Int64? { get set }
    var name: String { get }

    /// A blank item, like the tutorial's `Item.new()`: what `add` starts from.
    static func new() -> Self

    /// The request for the list in an ordering (the step's lesson).
    static func ordered(_ ordering: Ordering) -> QueryInterfaceRequest<Self>

    /// The columns of `item`, in order: the list's headers, and what a database must have.
    static var columnNames: [String] { get }

    /// This item as the list prints it: one cell per column.
    var cells: [String?] { get }

    /// The editor's text fields, filled from this item (the tutorial's form).
    var form: ItemForm { get }

    /// Applies the editor's fields with the step's rules; throws on bad input.
    mutating func apply(_ form: ItemForm) throws

    /// An item with nothing in it is not saved (the tutorial's `isEmpty`).
    var isEmpty: Bool { get }
}

/// What a step plugs into ItemsKit's subcommands.
public protocol ItemsStep {
    associatedtype Item: ItemRecord
    /// "step4": the default database is db/step4.sqlite.
    static var stepName: String { get }
    /// The step's migrations.
    static var migrator: DatabaseMigrator { get }
}

/// The editor as text fields, like the tutorial's `nameEdit` and `quantityEdit`:
/// the learner types text, the record decides what it means.
public struct ItemForm: Equatable, Sendable {
    public var fields: [String: String]

    public init(_ fields: [String: String]) { self.fields = fields }

    /// The text of a field; a field the form doesn't have reads as empty.
    public subscript(_ name: String) -> String {
        get { fields[name, default: ""] }
        set { fields[name] = newValue }
    }

    // [docs:quantity]
    /// The quantity field as a number. The tutorial wrote `Int(quantityEdit)`,
    /// which turns "3.5" or "three" into nil: the input is lost without a
    /// word. Here only an empty field means "no quantity".
    public func quantity() throws -> Int? {
        let text = self["quantity"].trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return nil }
        guard let value = Int(text) else {
            let digits = text.drop { $0 == "-" || $0 == "+" }
            if !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) {
                throw CourseError.input("quantity \"\(text)\" is out of range (at most \(Int.max))")
            }
            throw CourseError.input("quantity \"\(text)\" is not a whole number")
        }
        guard value >= 0 else { throw CourseError.input("quantity \(value) is negative") }
        return value
    }
    // [/docs:quantity]
}
