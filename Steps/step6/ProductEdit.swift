import CourseCore
import Foundation
import GRDB

/// What `edit` was asked to change. `nil` means "leave as it is".
struct ProductEdit: Equatable {
    var name: String?
    var price: Decimal?
    var stock: Int?
    var discontinued: Bool?
    var supplierPhone: String?

    var isEmpty: Bool { self == ProductEdit() }

    /// Checks what Swift can check before anything is written. A negative
    /// price or stock is left to the schema's CHECK constraints on purpose:
    /// the database guards its rules for every program that writes to it.
    func validate() throws {
        if let name, name.trimmingCharacters(in: .whitespaces).isEmpty {
            throw CourseError.input("the product name must not be empty")
        }
        if let price, price != price.roundedToCents {
            throw CourseError.input("a price has at most two decimals, not \(price)")
        }
    }

    /// The page with this edit applied.
    func applied(to page: ProductPage) -> (product: Product, supplier: Supplier?) {
        var product = page.product
        if let name { product.productName = name }
        if let price { product.unitPrice = price }
        if let stock { product.unitsInStock = stock }
        if let discontinued { product.discontinued = discontinued }
        var supplier = page.supplier
        if let supplierPhone { supplier?.phone = supplierPhone }
        return (product, supplier)
    }
}

extension Decimal {
    /// This amount rounded to two decimals (half away from zero).
    var roundedToCents: Decimal {
        var value = self
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 2, .plain)
        return rounded
    }

    /// `--price`: a number as typed ("12.50", "-1"); Decimal(string:) alone
    /// would read "12abc" as 12.
    init?(price text: String) {
        let digits = text.drop { $0 == "-" }.split(separator: ".", omittingEmptySubsequences: false)
        guard text.first != "." && (1...2).contains(digits.count) && text.filter({ $0 == "-" }).count <= 1,
            digits.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        else { return nil }
        self = value
    }
}

// [docs:edit]
/// Edits product `productID`: the Lighter example's product page, without the window.
///
/// The snapshot is the product as stored; the edited copy is compared with
/// it (records are Equatable, as the example stresses). Equal: nothing is
/// written at all. Otherwise the supplier and the product are saved in ONE
/// transaction: if the product's UPDATE fails, the supplier's is undone too.
///
/// `dryRun` (the example's Revert) runs the very same UPDATEs in the same
/// transaction, then rolls it back: the schema's constraints refuse exactly
/// what they would refuse for real, and nothing is kept.
func editProduct(
    _ writer: some DatabaseWriter, productID: Int64, _ edit: ProductEdit,
    dryRun: Bool = false
) throws -> EditOutcome {
    try edit.validate()
    return try writer.writeWithoutTransaction { db in
        var outcome = EditOutcome.unchanged
        // BEGIN … COMMIT, or ROLLBACK when the closure throws or asks for it.
        try db.inTransaction {
            outcome = try applyEdit(edit, productID: productID, db)
            guard dryRun, case .saved(let changes, _) = outcome else { return .commit }
            outcome = .dryRun(changes)
            return .rollback
        }
        return outcome
    }
}

/// The UPDATEs of an edit, inside the caller's transaction.
private func applyEdit(_ edit: ProductEdit, productID: Int64, _ db: Database) throws -> EditOutcome {
    guard let page = try fetchPage(db, productID: productID) else {
        throw CourseError.input("no product with id \(productID)")
    }
    if edit.supplierPhone != nil && page.supplier == nil {
        throw CourseError.input("product #\(productID) has no supplier whose phone could change")
    }
    let (product, supplier) = edit.applied(to: page)
    guard product != page.product || supplier != page.supplier else { return .unchanged }

    var changes = try columnChanges(from: page.product, to: product)
    if let supplier, let old = page.supplier {
        changes = try columnChanges(from: old, to: supplier) + changes
    }
    // The rows each UPDATE itself changed (`changesCount`: sqlite3_changes), not the rows
    // triggers change too (step 10's file has triggers that write to its full-text index).
    var rowsWritten = 0
    do {
        // UPDATE "Suppliers" SET "Phone"=? WHERE "SupplierID"=? (only when the supplier changed)
        if let supplier, let old = page.supplier, try supplier.updateChanges(db, from: old) {
            rowsWritten += db.changesCount
        }
        // UPDATE "Products" SET <only the changed columns> WHERE "ProductID"=?
        if try product.updateChanges(db, from: page.product) { rowsWritten += db.changesCount }
    } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_CHECK {
        throw CourseError(
            report: ErrorReport(
                "could not save product #\(productID): the schema's CHECK constraints refuse negative "
                    + "prices and counts, so the transaction was rolled back and nothing was saved",
                error: error))
    }
    return .saved(changes, rowsWritten: rowsWritten)
}
// [/docs:edit]
