import ArgumentParser
import CourseCore
import CourseGRDB
import Foundation
import GRDB

extension Step6 {
    /// `step6` with no subcommand: the lesson, narrated, on a fresh copy of the catalog.
    static func runTour(trace: Bool) throws {
        let say = Narrator()
        say.title("Step 6 · A bundled Northwind catalog")
        try shippedDatabase(say, trace: trace)
        let database = try bootstrapByCopying(say, trace: trace)
        try recordsForSomeoneElsesSchema(say, database)
        try listAndSearch(say, database)
        try productPageAndEdits(say, database)
        try badInput(say, database, save: database.saveEdit)
        yourTurn(say)
    }
}

/// Product 27, Smoked Trout: the product the tour edits.
let smokedTrout: Int64 = 27

/// 16.50, exactly: integer literals. (A float literal, `16.50 as Decimal`,
/// would pass through a Double first.)
let newPrice = Decimal(1650) / 100

// MARK: - Sections

/// The bundled file, opened read-only: SQLite refuses the write.
func shippedDatabase(_ say: Narrator, trace: Bool) throws {
    say.section("A database that ships with the program")
    say.action("Open catalog.sqlite from the step6 resource bundle, read-only")
    let bundled = try Catalog.openBundled(narrator: say, trace: trace)
    let counts = try bundled.read { db in
        try ["Categories", "Suppliers", "Products"].map { "\(try Table($0).fetchCount(db)) \($0.lowercased())" }
    }
    say.result(counts.joined(separator: ", ") + ": built from catalog.sql by `make catalog`")
    say.action("Try to change a price in the bundled file")
    do {
        try bundled.write { db in try db.execute(sql: "UPDATE Products SET UnitPrice = 0") }
        say.result("unexpected: the write worked")
    } catch {
        say.expectedError(ErrorReport("UPDATE refused", error: error))
        say.note("the bundle is part of the program (and may sit in a read-only folder): work on a copy")
    }
}

/// The first run copies the bundle; the second finds the copy and keeps it.
func bootstrapByCopying(_ say: Narrator, trace: Bool) throws -> AppDatabase {
    say.section("Bootstrap by copying")
    let path = try Workspace.freshDatabasePath("step6-tour.sqlite")  // a fresh start, every time
    say.action("Bootstrap \(Workspace.display(path))")
    say.result(try Catalog.bootstrap(copyingTo: path) ? "copied from the bundle (first run)" : "unexpected: reused")
    say.action("Bootstrap \(Workspace.display(path)) again")
    say.result(
        try Catalog.bootstrap(copyingTo: path) ? "unexpected: copied again" : "already there: reused, edits and all")
    say.note("the subcommands do the same with db/step6.sqlite; `make reset` deletes it")
    let options = try DatabaseOptions.parse(["--database", path] + (trace ? ["--trace"] : []))
    return try AppDatabase.open(options, copyBundle: false, narrator: say)
}

/// What NUMERIC and a text flag store, and what the record reads.
func recordsForSomeoneElsesSchema(_ say: Narrator, _ database: AppDatabase) throws {
    say.section("Records for someone else's schema")
    say.action("SELECT UnitPrice, typeof(UnitPrice), quote(Discontinued), … for products 10 and 11")
    let rows = try database.reader.read { db in
        try Row.fetchAll(
            db,
            sql: """
                SELECT ProductID, UnitPrice, typeof(UnitPrice), quote(Discontinued), typeof(Discontinued)
                FROM Products WHERE ProductID IN (10, 11) ORDER BY ProductID
                """)
    }
    let cells: [[String]] = rows.map { row in
        Array(row.databaseValues.map { String.fromDatabaseValue($0) ?? $0.description })
    }
    say.table(["ProductID", "UnitPrice", "typeof", "Discontinued", "typeof"], cells)
    let stored = cells.map { "\($0[1]) as \($0[2] == "integer" ? "an integer" : "a \($0[2])")" }
    say.note(
        "NUMERIC stored \(stored.joined(separator: " and ")); "
            + "Discontinued holds the \(cells.first?[4] ?? "?") \(cells.first?[3] ?? "?")")
    say.action("Product.fetchOne(db, id: 10)")
    if let product = try database.reader.read({ db in try Product.fetchOne(db, id: 10) }) {
        say.result(
            "Product #\(product.id) \"\(product.productName)\": unitPrice \(product.unitPrice.map { "\($0)" } ?? "nil") "
                + "(Decimal?), discontinued \(product.discontinued) (Bool)")
    }
    try moneyAsDecimal(say, database)
}

/// Why a price is a Decimal: the Bakery's prices (category 3) added up three ways.
func moneyAsDecimal(_ say: Narrator, _ database: AppDatabase) throws {
    say.action("Add up the Bakery's prices (category 3): SQLite's SUM, Swift's Double, Swift's Decimal")
    let bakery = Product.filter(Product.Columns.categoryID == 3)
    // SELECT SUM(UnitPrice) FROM Products WHERE CategoryID = 3: doubles, added as doubles
    let sum: Double? = try database.reader.read { db in
        try Double.fetchOne(db, bakery.select(GRDB.sum(Product.Columns.unitPrice)))
    }
    // SELECT UnitPrice FROM Products WHERE CategoryID = 3, each read as a Double
    let doubles: [Double] = try database.reader.read { db in
        try Double.fetchAll(db, bakery.select(Product.Columns.unitPrice))
    }
    // The same rows as records: each price a Decimal
    let decimals: [Decimal] = try database.reader.read { db in try bakery.fetchAll(db).compactMap(\.unitPrice) }
    // Whole cents, as integers: exact in SQL too
    let cents: Int64? = try database.reader.read { db in
        try Int64.fetchOne(
            db, sql: "SELECT SUM(CAST(round(UnitPrice * 100) AS INTEGER)) FROM Products WHERE CategoryID = 3")
    }
    let doubleTotal = doubles.reduce(0, +)
    let decimalTotal = decimals.reduce(0, +)
    say.result("SUM(UnitPrice) in SQL:  \(sum.map { "\($0)" } ?? "NULL")")
    say.result("[Double].reduce(0, +):  \(doubleTotal)  (== 29: \(doubleTotal == 29))")
    say.result("[Decimal].reduce(0, +): \(decimalTotal)  (== 29: \(decimalTotal == 29))")
    say.result("SUM of whole cents:     \(cents.map { "\($0)" } ?? "NULL") cents")
    say.note(
        "6.40 is stored as the double nearest to it, not as 6.40: added as doubles, the errors show; "
            + "the Decimals (and integer cents) are exact")
}

/// Four searches, then what a naive LIKE and SQLite's lower() would have done.
func listAndSearch(_ say: Narrator, _ database: AppDatabase) throws {
    say.section("List and search")
    for text in ["  smoked ", "100%", "pim's", "CRÈME"] {
        say.action("Search \"\(text)\"")
        let found = try database.search(text)
        let table = listingTable(found)
        say.table(table.headers, table.rows)
    }
    say.note("the text is trimmed; the quote is bound as a value, never pasted into the SQL")
    let contrast = try database.reader.read { db in
        try Row.fetchOne(
            db,
            sql: """
                SELECT (SELECT count(*) FROM Products WHERE ProductName LIKE '%' || ? || '%'),
                       lower('CRÈME'), swiftLowercaseString('CRÈME')
                """, arguments: ["100%"])
    }
    let ours = try database.search("100%").count
    if let contrast {
        say.note(
            "a naive LIKE '%' || '100%' || '%' finds \(contrast[0] as Int? ?? 0) products, ours \(ours): "
                + "LIKE reads % as a wildcard")
        say.note(
            "SQLite's lower('CRÈME') is '\(contrast[1] as String? ?? "")'; "
                + "Swift's lowercased() gives '\(contrast[2] as String? ?? "")'")
    }
}

/// The page, then four edits: a dry run, a save, an edit that changes nothing, two tables at once.
func productPageAndEdits(_ say: Narrator, _ database: AppDatabase) throws {
    say.section("The product page, and editing it")
    say.action("Show product #\(smokedTrout)")
    if let page = try database.productPage(id: smokedTrout) {
        for line in pageLines(page) { say.line("   " + line) }
    }
    let edits: [(label: String, edit: ProductEdit, dryRun: Bool)] = [
        ("edit 27 --price 16.50 --stock 30 --dry-run", ProductEdit(price: newPrice, stock: 30), true),
        ("edit 27 --price 16.50 --stock 30", ProductEdit(price: newPrice, stock: 30), false),
        ("edit 27 --price 16.50 (again: the price it now has)", ProductEdit(price: newPrice), false),
        (
            "edit 27 --supplier-phone \"(021) 555 7000\" --discontinued true",
            ProductEdit(discontinued: true, supplierPhone: "(021) 555 7000"), false
        ),
    ]
    var tables: Set<String> = []
    for (label, edit, dryRun) in edits {
        say.action(label)
        let before = try database.changeCount()
        let outcome = try database.saveEdit(productID: smokedTrout, edit, dryRun: dryRun)
        for line in outcomeLines(outcome, indent: "") { say.result(line) }
        let after = try database.changeCount()
        if case .saved(let changes, _) = outcome { tables = Set(changes.map(\.table)) }
        if outcome == .unchanged {
            say.note("SQLite's change count (sqlite3_total_changes) was \(before) before and is \(after) after")
        } else if dryRun {
            let price = try database.productPage(id: smokedTrout)?.product.unitPrice
            say.note(
                "the UPDATE ran (SQLite's change count went from \(before) to \(after)) and was rolled back: "
                    + "the price is still \(money(price))")
        }
    }
    say.note(
        "updateChanges writes only changed columns; the last edit touched "
            + "\(tables.sorted().joined(separator: " and ")) in one transaction")
}

/// Refusals: a CHECK constraint (real and dry run), an unknown id, a bad number.
/// `save` is the app's `saveEdit`; a test passes one without a transaction.
func badInput(
    _ say: Narrator, _ database: AppDatabase, save: (Int64, ProductEdit, Bool) throws -> EditOutcome
) throws {
    say.section("Bad input")
    try refusedByTheSchema(say, database, save: save)
    say.action("edit 999 --price 1")
    do {
        _ = try save(999, ProductEdit(price: 1), false)
        say.result("unexpected: saved")
    } catch {
        say.expectedError(report(error))
    }
    say.action("edit 27 --price twelve")
    do {
        _ = try Step6.parseAsRoot(["edit", "27", "--price", "twelve"])
        say.result("unexpected: parsed")
    } catch {
        say.expectedError(
            ErrorReport("rejected before the database is opened", error: CourseError.input(Step6.message(for: error))))
    }
}

/// A negative price, with a new supplier phone: for real, then as a dry run.
/// What the refusal left behind is read back from the file.
private func refusedByTheSchema(
    _ say: Narrator, _ database: AppDatabase, save: (Int64, ProductEdit, Bool) throws -> EditOutcome
) throws {
    let supplierPhone = {
        try database.reader.read { db in
            try String.fetchOne(db, sql: "SELECT Phone FROM Suppliers WHERE SupplierID = 6")
        }
    }
    let phoneBefore = try supplierPhone()
    var reports: [String] = []
    for dryRun in [false, true] {
        say.action("edit 27 --supplier-phone \"(021) 555 0000\" --price -1" + (dryRun ? " --dry-run" : ""))
        do {
            _ = try save(smokedTrout, ProductEdit(price: -1, supplierPhone: "(021) 555 0000"), dryRun)
            say.result("unexpected: saved")
        } catch {
            say.expectedError(report(error))
            reports.append(report(error).description)
        }
    }
    let phone = try supplierPhone()
    say.result(
        "the supplier's phone "
            + (phone == phoneBefore
                ? "is still \(phone ?? "NULL"): its UPDATE ran first, and was rolled back"
                : "is now \(phone ?? "NULL"): its UPDATE was kept without the product's"))
    say.note(
        "--dry-run "
            + (reports.count == 2 && reports[0] == reports[1]
                ? "met the same CHECK constraint, word for word: it runs the UPDATEs, then rolls back"
                : "did not report what the real edit reports"))
}

/// Commands to try, as a learner pastes them.
func yourTurn(_ say: Narrator) {
    say.section("Your turn")
    for words in ["search trout", "show 27", "edit 27 --price 17 --dry-run", "list --database path/to/northwind.db"] {
        say.note("make step6 ARGS=\"\(words)\"")
    }
}

/// An error as the subcommand would report it: a `CourseError` already says what failed.
private func report(_ error: any Error) -> ErrorReport {
    (error as? CourseError)?.report ?? ErrorReport("edit refused", error: error)
}
