import ArgumentParser
import CourseCore
import GRDB

/// `step6`: a Northwind product catalog that ships with the program. With no subcommand, the tour.
@main
struct Step6: ParsableCommand, Lesson {
    static let configuration = CommandConfiguration(
        commandName: "step6",
        abstract: "Step 6: a bundled Northwind catalog (copy on first run, list, search, edit).",
        discussion: """
            Without --database the subcommands use db/step6.sqlite, copied from the bundled \
            catalog on first run (`make reset` deletes it). --database PATH opens any database \
            with Northwind's schema.
            """,
        subcommands: [Tour<Step6>.self, List.self, Search.self, Show.self, Edit.self],
        defaultSubcommand: Tour<Step6>.self
    )

    /// `--database`, `--in-memory` and `--trace` work before the subcommand as after it (see DatabaseOptions).
    @OptionGroup var options: DatabaseOptions

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the products by name, with category and supplier.")
        @OptionGroup var database: DatabaseOptions

        func run() throws { try printSearch("", database) }
    }

    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the products whose name contains TEXT (any case; % _ and quotes are plain characters).")
        @Argument(help: "Part of a product name.") var text: String
        @OptionGroup var database: DatabaseOptions

        func run() throws { try printSearch(text, database) }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a product with its category and supplier.")
        @Argument(help: "The product's id.") var id: Int64
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let say = Narrator()
            let queue = try Catalog.open(database, narrator: say)
            let page = try attempt("read product #\(id)") {
                try queue.read { db in try fetchPage(db, productID: id) }
            }
            guard let page else { throw CourseError.input("no product with id \(id)") }
            pageLines(page).forEach(say.line)
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a product (and its supplier's phone) in one transaction.",
            discussion: "Nothing is written when the values equal the stored ones. Example: edit 27 --price 16.50 --dry-run")
        @Argument(help: "The product's id.") var id: Int64
        @Option(help: "A new product name.") var name: String?
        // `.unconditional`: "-1" is a value here, not an option, so that the
        // schema's CHECK constraint gets to refuse it.
        @Option(parsing: .unconditional, help: "A new unit price, e.g. 12.50.") var price: Double?
        @Option(parsing: .unconditional, help: "A new number of units in stock.") var stock: Int?
        @Option(help: "true or false.") var discontinued: Bool?
        @Option(help: "A new phone number for the product's supplier, saved with the product.") var supplierPhone: String?
        @Flag(help: "Show what would change, save nothing.") var dryRun = false
        @OptionGroup var database: DatabaseOptions

        var edit: ProductEdit {
            ProductEdit(name: name, price: price, stock: stock, discontinued: discontinued, supplierPhone: supplierPhone)
        }

        func validate() throws {
            if edit.isEmpty {
                throw ValidationError("Nothing to edit: give --name, --price, --stock, --discontinued or --supplier-phone.")
            }
        }

        func run() throws {
            let say = Narrator()
            let queue = try Catalog.open(database, narrator: say)
            let outcome = try attempt("edit product #\(id)") {
                try editProduct(queue, productID: id, edit, dryRun: dryRun)
            }
            say.line("Product #\(id):")
            outcomeLines(outcome).forEach(say.line)
        }
    }
}

/// `list` and `search`: the matching products as a table.
private func printSearch(_ text: String, _ options: DatabaseOptions) throws {
    let say = Narrator()
    let queue = try Catalog.open(options, narrator: say)
    let listings = try attempt("search the products") {
        try queue.read { db in try searchProducts(db, matching: text) }
    }
    let table = listingTable(listings)
    say.table(table.headers, table.rows, indent: "")
    say.line("\(listings.count) product\(listings.count == 1 ? "" : "s")")
}
