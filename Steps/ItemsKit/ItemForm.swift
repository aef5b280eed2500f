import CourseCore
import Foundation

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
