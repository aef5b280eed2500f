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

    /// The live list's observation of that request (the step's lesson).
    static func observation(
        _ ordering: Ordering
    ) -> ValueObservation<ValueReducers.RemoveDuplicates<ValueReducers.Fetch<[Self]>>>

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
