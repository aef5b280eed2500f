import ArgumentParser
import CourseCore
import Foundation
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
            with Northwind's schema: make step6 ARGS="list --database path/to/northwind.db"
            """,
        subcommands: [Tour<Step6>.self, List.self, Search.self, Show.self, Edit.self],
        defaultSubcommand: Tour<Step6>.self
    )

    /// `--database`, `--in-memory` and `--trace` work before the subcommand as after it (see DatabaseOptions).
    @OptionGroup var options: DatabaseOptions

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the products by name, with category and supplier.")
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
            let appDatabase = try AppDatabase.open(database, narrator: say)
            let page = try attempt("read product #\(id)") { try appDatabase.productPage(id: id) }
            guard let page else {
                throw CourseError.input("no product with id \(id) (`make step6 ARGS=\"list\"` shows the ids)")
            }
            pageLines(page).forEach(say.line)
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a product (and its supplier's phone) in one transaction.",
            discussion: """
                Nothing is written when the values equal the stored ones. \
                Example: make step6 ARGS="edit 27 --price 16.50 --dry-run"
                """)
        @Argument(help: "The product's id.") var id: Int64
        @Option(help: "A new product name.") var name: String?
        // `.unconditional`: "-1" is a value here, not an option, so that the
        // schema's CHECK constraint gets to refuse it.
        // A `Decimal`, as the record holds it: "12.50" is exactly 12.50.
        @Option(
            parsing: .unconditional, help: "A new unit price, e.g. 12.50.",
            transform: { text in
                guard let price = Decimal(price: text) else { throw ValidationError("not a price such as 12.50") }
                return price
            }) var price: Decimal?
        @Option(parsing: .unconditional, help: "A new number of units in stock.") var stock: Int?
        @Option(help: "true or false.") var discontinued: Bool?
        @Option(help: "A new phone number for the product's supplier, saved with the product.") var supplierPhone:
            String?
        @Flag(help: "Run the change in a transaction, show it (or the constraint that refuses it), then roll it back.")
        var dryRun = false
        @OptionGroup var database: DatabaseOptions

        var edit: ProductEdit {
            ProductEdit(
                name: name, price: price, stock: stock, discontinued: discontinued, supplierPhone: supplierPhone)
        }

        func validate() throws {
            if edit.isEmpty {
                throw ValidationError(
                    "Nothing to edit: give --name, --price, --stock, --discontinued or --supplier-phone.")
            }
        }

        func run() throws {
            let say = Narrator()
            let appDatabase = try AppDatabase.open(database, narrator: say)
            let outcome = try attempt("edit product #\(id)") {
                try appDatabase.saveEdit(productID: id, edit, dryRun: dryRun)
            }
            say.line("Product #\(id):")
            outcomeLines(outcome).forEach(say.line)
        }
    }
}

/// `list` and `search`: the matching products as a table.
private func printSearch(_ text: String, _ options: DatabaseOptions) throws {
    let say = Narrator()
    let appDatabase = try AppDatabase.open(options, narrator: say)
    let listings = try attempt("search the products") { try appDatabase.search(text) }
    let table = listingTable(listings)
    say.table(table.headers, table.rows, indent: "")
    say.line("\(listings.count) product\(listings.count == 1 ? "" : "s")")
}
