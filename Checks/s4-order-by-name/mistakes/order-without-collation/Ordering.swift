import Foundation
import GRDB

// Exercise s4-order-by-name · write the code · chapter 4, "Ordering, and what \"by name\" means"
//
// `ORDER BY name` compares bytes: "Zebra" comes before "apple", and "Äpfel"
// after everything. Write the collation `itemName`, which compares names as a
// person reads them (case and accents ignored; names equal that way fall back
// to the plain order, so the result never depends on chance), and
// `namesInOrder`, which returns the item names ordered with it.
// The check registers `itemName` on its connection, as AppDatabase does.

extension DatabaseCollation {
    static let itemName = DatabaseCollation("itemName") { lhs, rhs in
        let folded = lhs.compare(rhs, options: [.caseInsensitive, .diacriticInsensitive])
        return folded == .orderedSame ? lhs.compare(rhs, options: [.literal]) : folded
    }
}

/// The names of every row of `item`, ordered by name with `itemName`.
func namesInOrder(_ db: Database) throws -> [String] {
    try String.fetchAll(db, Table("item").select(Column("name")).order(Column("name")))
}
