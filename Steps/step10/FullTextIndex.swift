/// One of step 10's two full-text indexes, and what a search reads from it.
enum FullTextIndex: String, CaseIterable {
    case products = "product_fts"
    case bodies = "body_fts"

    /// The FTS5 table.
    var table: String { rawValue }

    /// How output names it.
    var label: String { self == .products ? "products" : "bodies" }

    /// A hit's id: the product's, or the body's text id (the index's rowid is `solar_body`'s rowid).
    var idExpression: String {
        self == .products ? "CAST(rowid AS TEXT)" : "(SELECT id FROM solar_body WHERE rowid = body_fts.rowid)"
    }

    /// The triggers that keep the index in step with its table (SearchIndex.swift creates them).
    var triggers: [String] {
        switch self {
        case .products: ["insert", "delete", "update", "category", "supplier"].map { "product_fts_\($0)" }
        case .bodies: ["ai", "ad", "au"].map { "__body_fts_\($0)" }
        }
    }

    /// The column a hit shows as its name.
    var titleColumn: String { self == .products ? "product" : "english_name" }
}
