import ArgumentParser
import CourseCore
import CourseGRDB
import Foundation
import GRDB

/// `step8`: steps 6 and 7 again, on records generated from their schema at
/// build time. With no subcommand, the tour.
@main
struct Step8: ParsableCommand, Lesson {
    static let configuration = CommandConfiguration(
        commandName: "step8",
        abstract: "Step 8: records generated from the schema by a build plugin (catalog, bodies, verify).",
        discussion: """
            The subcommands use db/step8.sqlite (the catalog and the bodies cache) unless given \
            --database or --in-memory; `verify --database FILE` reads an existing Northwind database. \
            `make step8-records` prints the generated source.
            """,
        subcommands: [Tour<Step8>.self, Search.self, Edit.self, Sync.self, Bodies.self, Verify.self],
        defaultSubcommand: Tour<Step8>.self
    )

    /// `--database`, `--in-memory` and `--trace` work before the subcommand as after it (see DatabaseOptions).
    @OptionGroup var options: DatabaseOptions

    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the products whose name contains TEXT.")
        @Argument(help: "Part of a product name (empty: every product).") var text = ""
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let listings = try attempt("search the products") { try open(database, reading: true).search(text) }
            Narrator().table(productHeaders, listings.map(productRow), indent: "")
            Narrator().line("\(listings.count) product\(listings.count == 1 ? "" : "s")")
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change a product's unit price (one transaction).")
        @Argument(help: "The product's id.") var id: Int64
        @Option(parsing: .unconditional, help: "The new unit price, e.g. 12.50.") var price: Double
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let changed = try attempt("edit product #\(id)") {
                try open(database).saveEdit(productID: id, price: price)
            }
            Narrator().line(
                changed.isEmpty
                    ? "Product #\(id): no change, nothing written."
                    : "Product #\(id): saved \(changed.joined(separator: ", ")).")
        }
    }

    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Bring the bodies cache up to date from v1, v2 or a JSON file.")
        @Argument(help: "v1 or v2 (step 7's bundled fixtures), or a file path.") var source = "v1"
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let (data, display) = try bodiesData(source)
            let bodies = try decodeBodies(data, from: display)
            let counts = try attempt("sync the cache with \(display)") { try open(database).sync(bodies) }
            Narrator().line(
                "Synced \(display) in one transaction: deleted \(counts.deleted), updated \(counts.updated), inserted \(counts.inserted)."
            )
        }
    }

    struct Bodies: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the cached bodies whose English name contains TEXT.")
        @Argument(help: "Part of an English name (empty: every body).") var text = ""
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let bodies = try attempt("read the cache") { try open(database, reading: true).bodies(matching: text) }
            Narrator().table(bodyHeaders, bodies.map(bodyRow), indent: "")
        }
    }

    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Read every row of every table of a Northwind database (--database) through the generated records.",
            discussion: "Example: make step8 ARGS=\"verify --database ../shared/fixtures/northwind/northwind.db\"")
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            guard let path = database.database else {
                throw ValidationError("verify reads an existing Northwind database: give --database PATH.")
            }
            // Before GRDB opens it: a file SQLite can read, with every table the records read.
            try DatabaseFile.check(path, holding: verifiedTables, for: "step8", wanted: "a Northwind database")
            var configuration = CourseGRDB.configuration(trace: database.trace, narrator: Narrator())
            configuration.readonly = true
            let queue = try CourseGRDB.openQueue(.file(path), configuration: configuration)
            let counts = try queue.read { db in try verify(db) }
            Narrator().table(["table", "rows"], counts.map { [$0.table, String($0.rows)] }, indent: "")
            Narrator().line(
                "Read \(counts.reduce(0) { $0 + $1.rows }) rows of \(counts.count) tables: every count equals SQLite's COUNT(*)."
            )
        }
    }
}

/// The database a subcommand works on, once step 8 knows it can use the file
/// (see DatabaseFile.check). `reading`: a missing file is an error, not a new one.
private func open(_ options: DatabaseOptions, reading: Bool = false) throws -> AppDatabase {
    let location = try options.checkedLocation(
        defaultFile: AppDatabase.defaultFile, for: "step8", migrations: AppDatabase.migrator.migrations,
        reading: reading)
    return try AppDatabase.open(location, reading: reading, trace: options.trace, narrator: Narrator())
}

// MARK: - Presentation

let productHeaders = ["id", "product", "category", "supplier", "price", "discontinued"]

func productRow(_ listing: ProductListing) -> [String?] {
    let product = listing.product
    return [
        product.productID.map(String.init), product.productName, listing.categoryName, listing.supplierName,
        product.unitPrice.map { String(format: "%.2f", $0) }, product.isDiscontinued ? "yes" : "no",
    ]
}

let bodyHeaders = ["id", "englishName", "bodyType", "gravity", "discoveredBy"]

func bodyRow(_ body: SolarBody) -> [String?] {
    [body.id, body.englishName, body.bodyType, body.gravity.map { "\($0)" }, body.discoveredBy]
}
