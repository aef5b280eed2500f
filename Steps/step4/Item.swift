import GRDB
import ItemsKit

// [docs:item]
/// A row of table `item`. The id is nil until the item is inserted.
struct Item: Codable, Equatable, Sendable {
    var id: Int64?
    var name: String
    var quantity: Int?
}

extension Item: FetchableRecord, MutablePersistableRecord {
    /// The table's name is the type's, lowercased: "item".
    /// After INSERT, SQLite's new rowid becomes the id.
    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
// [/docs:item]

extension Item: ItemRecord {
    static func new() -> Item { Item(id: nil, name: "", quantity: nil) }

    static let columnNames = ["id", "name", "quantity"]

    var cells: [String?] { [id.map(String.init), name, quantity.map(String.init)] }

    // [docs:editor]
    /// The editor opens with the item's values, as text.
    var form: ItemForm {
        ItemForm(["name": name, "quantity": quantity.map(String.init) ?? ""])
    }

    /// The seed's editor rules: an empty name keeps the name; an empty
    /// quantity means no quantity (NULL). A quantity that is not a whole
    /// number throws (the seed silently stored NULL).
    mutating func apply(_ form: ItemForm) throws {
        let quantity = try form.quantity() // validate first: nothing half-applied
        if !form["name"].isEmpty { name = form["name"] }
        self.quantity = quantity
    }

    /// Neither name nor quantity: not saved.
    var isEmpty: Bool { name.isEmpty && quantity == nil }
    // [/docs:editor]
}
