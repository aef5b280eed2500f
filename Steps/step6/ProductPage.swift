import CourseCore
import GRDB

/// The product page: a product with its category and supplier.
struct ProductPage: Equatable {
    var product: Product
    var category: Category?
    var supplier: Supplier?
}

// [docs:page]
/// The product with this id, or nil. Three small queries, each by primary key.
func fetchPage(_ db: Database, productID: Int64) throws -> ProductPage? {
    // SELECT * FROM "Products" WHERE "ProductID" = ?
    guard let product = try Product.fetchOne(db, id: productID) else { return nil }
    // SELECT * FROM "Categories" WHERE "CategoryID" = ?  (the product's CategoryID)
    let category = try product.request(for: Product.category).fetchOne(db)
    // SELECT * FROM "Suppliers" WHERE "SupplierID" = ?
    let supplier = try product.request(for: Product.supplier).fetchOne(db)
    return ProductPage(product: product, category: category, supplier: supplier)
}
// [/docs:page]

// MARK: - Presentation

/// The product page as lines of text.
func pageLines(_ page: ProductPage) -> [String] {
    let product = page.product
    let count = { (value: Int?) in value.map(String.init) ?? "NULL" }
    var supplier = "NULL"
    if let s = page.supplier {
        let contact = [s.contactName, s.contactTitle].compactMap { $0 }.joined(separator: ", ")
        supplier = "#\(s.id) \(s.companyName)" + (contact.isEmpty ? "" : " (\(contact))")
    }
    return [
        "Product #\(product.id): \(product.productName)",
        "  category:      \(page.category?.categoryName ?? "NULL")",
        "  supplier:      \(supplier)",
        "  phone:         \(page.supplier?.phone ?? "NULL")",
        "  quantity:      \(product.quantityPerUnit ?? "NULL")",
        "  unit price:    \(money(product.unitPrice))",
        "  in stock:      \(count(product.unitsInStock)) (on order \(count(product.unitsOnOrder)), reorder at \(count(product.reorderLevel)))",
        "  discontinued:  \(product.discontinued ? "yes" : "no")",
    ]
}
