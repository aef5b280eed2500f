import GRDB
import ItemsKit

// [docs:item]
/// A row of table `item`. The id is nil until the item is inserted.
struct Item: Codable, Equatable, Sendable {
    var id: Int64?
    var name: String
    var quantity: Int?
    var notes: String?  // nullable: no notes is NULL, and older programs insert NULL
}

extension Item: FetchableRecord, MutablePersistableRecord {
    /// The table's name is the type's, lowercased: "item".
    /// After INSERT, SQLite's new rowid becomes the id.
    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
// [/docs:item]

// [docs:ordering]
extension Item {
    /// The columns the requests order on, typed (GRDB's demo style): a
    /// misspelled column is a compile error, not an SQL error at run time.
    enum Columns {
        static let name = Column(CodingKeys.name)
    }

    /// ORDER BY name COLLATE itemName
    static func orderedByName() -> QueryInterfaceRequest<Item> {
        order(Columns.name.collating(.itemName))
    }

    /// ORDER BY name COLLATE itemName DESC
    static func orderedByNameReversed() -> QueryInterfaceRequest<Item> {
        orderedByName().reversed()
    }

    /// The list's request for an ordering (the tutorial's button).
    static func ordered(_ ordering: Ordering) -> QueryInterfaceRequest<Item> {
        switch ordering {
        case .unspecified: all()  // no ORDER BY: SQLite's choice (today: rowid order)
        case .ascending: orderedByName()
        case .descending: orderedByNameReversed()
        }
    }
}
// [/docs:ordering]

// [docs:observation]
extension Item {
    /// The live list: GRDB runs the request now, notes the tables and
    /// columns it read, and runs it again after transactions that changed
    /// them (several close together may give one fetch), delivering each
    /// new list. `removeDuplicates` drops a list equal to the last one.
    static func observation(
        _ ordering: Ordering
    ) -> ValueObservation<ValueReducers.RemoveDuplicates<ValueReducers.Fetch<[Item]>>> {
        ValueObservation
            .tracking { db in try ordered(ordering).fetchAll(db) }
            .removeDuplicates()
    }
}
// [/docs:observation]

extension Item: ItemRecord {
    static func new() -> Item { Item(id: nil, name: "", quantity: nil, notes: nil) }

    static let columnNames = ["id", "name", "quantity", "notes"]

    var cells: [String?] { [id.map(String.init), name, quantity.map(String.init), notes] }

    // [docs:editor]
    /// The editor opens with the item's values, as text.
    var form: ItemForm {
        ItemForm(["name": name, "quantity": quantity.map(String.init) ?? "", "notes": notes ?? ""])
    }

    /// The tutorial's editor rules: an empty name keeps the name; an empty
    /// quantity means no quantity (NULL). A quantity that is not a whole
    /// number throws (the tutorial silently stored NULL). Empty notes: NULL.
    mutating func apply(_ form: ItemForm) throws {
        let quantity = try form.quantity()  // validate first: nothing half-applied
        if !form["name"].isEmpty { name = form["name"] }
        self.quantity = quantity
        notes = form["notes"].isEmpty ? nil : form["notes"]
    }

    /// Neither name nor quantity nor notes: not saved.
    var isEmpty: Bool { name.isEmpty && quantity == nil && notes == nil }
    // [/docs:editor]
}
