import Foundation
import GRDB

// [docs:ordering]
/// The tutorial's ordering button: unspecified → ascending → descending → …
public enum Ordering: String, CaseIterable, Sendable {
    case unspecified = "none"
    case ascending = "asc"
    case descending = "desc"

    /// The next ordering, as one tap on the button.
    public var next: Ordering {
        let all = Ordering.allCases
        let index = all.firstIndex(of: self) ?? all.startIndex
        return all[(index + 1) % all.count]
    }

    /// How the list's heading shows it.
    public var label: String {
        switch self {
        case .unspecified: "unordered"
        case .ascending: "by name, A→Z"
        case .descending: "by name, Z→A"
        }
    }
}
// [/docs:ordering]

// [docs:collation]
extension DatabaseCollation {
    /// Names as a person reads them: case and accents are ignored, so
    /// "apple", "Äpfel", "banana" and "Cherry" come in dictionary order.
    /// SQLite's own NOCASE folds only A–Z, so "Äpfel" would sort after "Zebra".
    /// Two names equal this way ("apple", "Apple") fall back to the binary
    /// order, so the list's order never depends on chance.
    public static let itemName = DatabaseCollation("itemName") { lhs, rhs in
        let folded = lhs.compare(rhs, options: [.caseInsensitive, .diacriticInsensitive])
        return folded == .orderedSame ? lhs.compare(rhs, options: [.literal]) : folded
    }
}
// [/docs:collation]
