import CourseCore
import Foundation
import GRDB

extension Step8 {
    /// `step8` with no subcommand: the lesson, on a fresh database file.
    static func runTour(trace: Bool) throws {
        let say = Narrator()
        say.title("Step 8 · Records generated from the schema")
        listGeneratedRecords(say)
        let database = try catalogThroughGeneratedRecords(say, trace: trace)
        try bodiesThroughGeneratedRecords(say, database)
        yourTurn(say)
    }
}

// MARK: - Sections

/// What the build generated: one struct per table of each schema file.
private func listGeneratedRecords(_ say: Narrator) {
    say.section("What the build generated")
    say.action("List the record types the plugin wrote from Schema/*.sql")
    let files: [(String, [any (FetchableRecord & TableRecord).Type])] = [
        ("catalog.sql", CatalogSchema.recordTypes),
        ("BodiesDB-001.sql", BodiesDB001Schema.recordTypes),
        ("NorthwindSales.sql", NorthwindSalesSchema.recordTypes),
    ]
    say.table(
        ["file", "records (table)"],
        files.map { file, types in
            [file, types.map { "\($0) (\($0.databaseTableName))" }.joined(separator: ", ")]
        })
    say.note("one struct per table, named in the singular; `make step8-records` prints them")
    say.note(
        "Product.Columns.unitPrice is the column \"\(Product.Columns.unitPrice.name)\"; "
            + "Product.category is a belongsTo from the foreign key on CategoryID")
}

/// Step 6's search and edit, in the same few lines, through generated records.
private func catalogThroughGeneratedRecords(_ say: Narrator, trace: Bool) throws -> AppDatabase {
    say.section("Step 6's catalog, through generated records")
    let path = try Workspace.freshDatabasePath("step8-tour.sqlite")
    say.action("Open \(Workspace.display(path)) and run catalog.sql and BodiesDB-001.sql as migrations")
    let database = try AppDatabase.open(.file(path), trace: trace, narrator: say)
    say.result("the same files the records were generated from")
    say.action("Search the products for \"ch\"")
    let listings = try database.search("ch")
    say.table(productHeaders, listings.map(productRow))
    say.action("Set product #1's price to 19.50, then again")
    let first = try database.saveEdit(productID: 1, price: 19.5)
    let second = try database.saveEdit(productID: 1, price: 19.5)
    say.result(
        "first: changed \(first.isEmpty ? "nothing" : first.joined(separator: ", ")); "
            + "second: changed \(second.isEmpty ? "nothing" : second.joined(separator: ", "))")
    say.note("updateChanges compares the record before and after: equal values write nothing")
    return database
}

/// Step 7's sync and search, through the generated `SolarBody`.
private func bodiesThroughGeneratedRecords(_ say: Narrator, _ database: AppDatabase) throws {
    say.section("Step 7's bodies cache, through the generated SolarBody")
    for version in ["v1", "v2"] {
        let (data, display) = try bodiesData(version)
        say.action("Sync \(display)")
        let counts = try database.sync(try decodeBodies(data, from: display))
        say.result(
            "one transaction: deleted \(counts.deleted), updated \(counts.updated), inserted \(counts.inserted)")
    }
    say.action("The bodies whose English name contains \"an\"")
    say.table(bodyHeaders, try database.bodies(matching: "an").map(bodyRow))
}

private func yourTurn(_ say: Narrator) {
    say.section("Your turn")
    say.note("make step8-records shows the generated source; make step8 ARGS=\"search tea\"")
    say.note(
        "make step8 ARGS=\"verify --database ../shared/fixtures/northwind/northwind.db\" reads all of Northwind")
    say.note("add a column to Steps/step6/Resources/catalog.sql, build: Product gains a property")
}
