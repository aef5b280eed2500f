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

        say.section("Bootstrap by copying")
        let path = try Workspace.freshDatabasePath("step6-tour.sqlite") // a fresh start, every time
        say.action("Bootstrap \(Workspace.display(path))")
        say.result(try Catalog.bootstrap(copyingTo: path) ? "copied from the bundle (first run)" : "unexpected: reused")
        say.action("Bootstrap \(Workspace.display(path)) again")
        say.result(try Catalog.bootstrap(copyingTo: path) ? "unexpected: copied again" : "already there: reused, edits and all")
        say.note("the subcommands do the same with db/step6.sqlite; `make reset` deletes it")
        let queue = try CourseGRDB.openQueue(.file(path), configuration: CourseGRDB.configuration(trace: trace, narrator: say))

        say.section("Records for someone else's schema")
        say.action("SELECT UnitPrice, typeof(UnitPrice), quote(Discontinued), … for products 10 and 11")
        let types = try queue.read { db in
            try Row.fetchAll(db, sql: """
                SELECT ProductID, UnitPrice, typeof(UnitPrice), quote(Discontinued), typeof(Discontinued)
                FROM Products WHERE ProductID IN (10, 11) ORDER BY ProductID
                """)
        }
        say.table(["ProductID", "UnitPrice", "typeof", "Discontinued", "typeof"], types.map { row in
            row.databaseValues.map { value in String.fromDatabaseValue(value) ?? value.description }
        })
        say.note("NUMERIC stores 19 as an integer and 17.5 as a real; Discontinued is the text '0'")
        say.action("Product.fetchOne(db, id: 10)")
        if let product = try queue.read({ db in try Product.fetchOne(db, id: 10) }) {
            say.result("Product #\(product.id) \"\(product.productName)\": unitPrice \(product.unitPrice.map { "\($0)" } ?? "nil") "
                        + "(Double?), discontinued \(product.discontinued) (Bool)")
        }

        say.section("List and search")
        let searches: [(text: String, note: String?)] = [
            ("  smoked ", "trimmed, then any case: \"Smoked\" and \"-Smoked\" both match"),
            ("100%", "the % is a plain character: \"1000-Flower Honey\" is not found"),
            ("pim's", "the quote is bound as a value, never pasted into the SQL"),
            ("CRÈME", nil),
        ]
        for (text, note) in searches {
            say.action("Search \"\(text)\"")
            let found = try queue.read { db in try searchProducts(db, matching: text) }
            let table = listingTable(found)
            say.table(table.headers, table.rows)
            if let note { say.note(note) }
        }
        let contrast = try queue.read { db in
            try Row.fetchOne(db, sql: """
                SELECT (SELECT count(*) FROM Products WHERE ProductName LIKE '%' || ? || '%'),
                       lower('CRÈME'), swiftLowercaseString('CRÈME')
                """, arguments: ["100%"])
        }
        if let contrast {
            say.note("a naive LIKE '%' || '100%' || '%' finds \(contrast[0] as Int? ?? 0) products: its % is a wildcard")
            say.note("SQLite's lower('CRÈME') is '\(contrast[1] as String? ?? "")'; Swift's lowercased() gives '\(contrast[2] as String? ?? "")'")
        }

        say.section("The product page, and editing it")
        let smokedTrout: Int64 = 27
        say.action("Show product #\(smokedTrout)")
        if let page = try queue.read({ db in try fetchPage(db, productID: smokedTrout) }) {
            pageLines(page).forEach { say.line("   " + $0) }
        }
        let edits: [(label: String, edit: ProductEdit, dryRun: Bool)] = [
            ("edit 27 --price 16.50 --stock 30 --dry-run", ProductEdit(price: 16.50, stock: 30), true),
            ("edit 27 --price 16.50 --stock 30", ProductEdit(price: 16.50, stock: 30), false),
            ("edit 27 --price 16.50 (again: the price it now has)", ProductEdit(price: 16.50), false),
            ("edit 27 --supplier-phone \"(021) 555 7000\" --discontinued true",
             ProductEdit(discontinued: true, supplierPhone: "(021) 555 7000"), false),
        ]
        for (label, edit, dryRun) in edits {
            say.action(label)
            let before = try queue.read { db in db.totalChangesCount }
            let outcome = try editProduct(queue, productID: smokedTrout, edit, dryRun: dryRun)
            outcomeLines(outcome, indent: "").forEach { say.result($0) }
            if outcome == .unchanged {
                let after = try queue.read { db in db.totalChangesCount }
                say.note("SQLite's change count (sqlite3_total_changes) was \(before) before and is \(after) after")
            }
        }
        say.note("updateChanges writes only changed columns; the last edit touched two tables in one transaction")

        say.section("Bad input")
        say.action("edit 27 --supplier-phone \"(021) 555 0000\" --price -1")
        do {
            _ = try editProduct(queue, productID: smokedTrout, ProductEdit(price: -1, supplierPhone: "(021) 555 0000"))
            say.result("unexpected: saved")
        } catch {
            say.expectedError(report(error))
        }
        let phone = try queue.read { db in
            try String.fetchOne(db, sql: "SELECT Phone FROM Suppliers WHERE SupplierID = 6")
        }
        say.result("the supplier's phone is still \(phone ?? "NULL"): its UPDATE ran first, and was rolled back")
        say.action("edit 999 --price 1")
        do {
            _ = try editProduct(queue, productID: 999, ProductEdit(price: 1))
            say.result("unexpected: saved")
        } catch {
            say.expectedError(report(error))
        }
        say.action("edit 27 --price twelve")
        do {
            _ = try Step6.parseAsRoot(["edit", "27", "--price", "twelve"])
            say.result("unexpected: parsed")
        } catch {
            say.expectedError(ErrorReport("rejected before the database is opened", error: CourseError.input(Step6.message(for: error))))
        }

        say.section("Your turn")
        say.note("make step6 ARGS='search trout' · ARGS='show 27' · ARGS='edit 27 --price 17 --dry-run'")
        say.note("any Northwind database: ARGS='list --database path/to/northwind.db'")
    }
}

/// An error as the subcommand would report it: a `CourseError` already says what failed.
private func report(_ error: any Error) -> ErrorReport {
    (error as? CourseError)?.report ?? ErrorReport("edit refused", error: error)
}
