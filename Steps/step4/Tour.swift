import CourseCore
import GRDB
import ItemsKit

extension Step4 {
    /// `step4` with no subcommand: the lesson, narrated, in memory.
    static func runTour(trace: Bool) throws {
        let say = Narrator()
        say.title("Step 4 · Items with ordering and a live list")
        let database = try openDatabase(say, trace: trace)
        var random = try newItems(say, database, start: 4)
        try editorRules(say, database, random: &random)
        try orderingByName(say, database, adding: ["apple", "Äpfel", "émile", "Zebra"])
        try orderingRequests(say, database)
        try liveList(say, database, random: random)
    }
}

// MARK: - Sections

/// The one door to the database, in memory.
func openDatabase(_ say: Narrator, trace: Bool) throws -> AppDatabase {
    say.section("AppDatabase")
    say.action("Open an in-memory AppDatabase (a DatabaseQueue) and run the migrator")
    let database = try AppDatabase.open(.inMemory, migrator: AppDatabase.migrator, trace: trace, narrator: say)
    say.result("migrations applied: \(database.appliedNow.joined(separator: ", "))")
    say.note("on a file it is a DatabasePool: try `make step4 ARGS=\"list\"` and look in db/")
    return database
}

/// "New" twice, then the same start value again, to show it repeats.
func newItems(_ say: Narrator, _ database: AppDatabase, start: UInt64) throws -> SplitMix64 {
    say.section("New items, reproducibly")
    var random = SplitMix64(start: start)
    say.action("Press \"New\" twice, with the random generator started at \(start)")
    for _ in 1...2 { say.result(try perform(.new, on: database, random: &random)) }
    var again = SplitMix64(start: start)
    let repeated = (1...2).map { _ in randomItemFields(using: &again)["name"] ?? "" }
    let stored = try database.items(.unspecified).suffix(2).map(\.name)
    say.note("seven random letters, capitalised, quantity 1…9")
    say.note(
        "a second generator started at \(start) draws \(repeated.joined(separator: ", ")): "
            + (repeated == stored ? "the same start value gives the same items" : "not the items stored"))
    return random
}

/// The tutorial's editor rules, applied by commands, some refused.
func editorRules(_ say: Narrator, _ database: AppDatabase, random: inout SplitMix64) throws {
    say.section("The editor's rules")
    let edits = [
        "add Cherry 5", "add banana \"\"", "edit 4 --name \"\" --quantity 2", "edit 3 --quantity \"\"",
        "add \"\" \"\"", "add Fig 3.5", "add Fig 99999999999999999999",
    ]
    let countBefore = try database.items(.unspecified).count
    let refused = say.commands(edits, on: database, random: &random)
    let items = try database.items(.unspecified)
    say.table(Item.columnNames, items.map(\.cells))
    let item4 = items.first { $0.id == 4 }
    let item3 = items.first { $0.id == 3 }
    say.note(
        "after an empty name, item 4 is named \"\(item4?.name ?? "?")\"; "
            + "after an empty quantity, item 3's quantity is \(item3?.quantity.map(String.init) ?? "NULL")")
    say.note(
        "\(edits.count - refused) commands ran, \(refused) were refused; "
            + "the table gained \(items.count - countBefore) rows")
}

/// One column of names, three collations, each result read from SQLite.
func orderingByName(_ say: Narrator, _ database: AppDatabase, adding names: [String]) throws {
    say.section("Ordering by name: which order?")
    for name in names { try database.addItem(["name": name]) }
    let collations = [
        ("", "BINARY, SQLite's default"), (" COLLATE NOCASE", "SQLite's case folding"),
        (" COLLATE itemName", "our Swift collation"),
    ]
    for (collate, label) in collations {
        let orderBy = "ORDER BY name" + collate
        say.action("SELECT name FROM item \(orderBy.padding(toLength: 30, withPad: " ", startingAt: 0)) -- \(label)")
        let sorted = try database.reader.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM item \(orderBy)")
        }
        say.result(sorted.joined(separator: ", "))
        say.note(orderNote(sorted))
    }
    say.note("itemName is registered on every connection; the file's schema is untouched")
}

/// What an order did with case and accents, worked out from the names as sorted.
func orderNote(_ sorted: [String]) -> String {
    func index(_ name: String) -> Int { sorted.firstIndex(of: name) ?? -1 }
    let capitals = sorted.filter { $0.first?.isUppercase == true && $0.first?.isASCII == true }
    let small = sorted.filter { $0.first?.isLowercase == true && $0.first?.isASCII == true }
    let accented = sorted.filter { $0.first?.isASCII == false }
    let capitalsFirst = (capitals.map(index).max() ?? -1) < (small.map(index).min() ?? Int.max)
    let accentsLast = (accented.map(index).min() ?? Int.max) > (sorted.count - 1 - accented.count)
    return (capitalsFirst ? "every capital before every small letter" : "capitals and small letters mixed")
        + "; "
        + (accentsLast
            ? "\(accented.joined(separator: " and ")) after every ASCII name"
            : "\(accented.joined(separator: " and ")) among the others")
}

/// The orderings as GRDB requests, with the SQL each one runs.
func orderingRequests(_ say: Narrator, _ database: AppDatabase) throws {
    say.section("The three orderings, as requests")
    let requests = [
        (Ordering.unspecified, "Item.all()"), (.ascending, "Item.orderedByName()"),
        (.descending, "Item.orderedByNameReversed()"),
    ]
    for (ordering, label) in requests {
        say.action(label)
        let sql = try database.reader.read { db in try Item.ordered(ordering).makePreparedRequest(db).statement.sql }
        say.note(sql)
        say.result(try database.items(ordering).map(\.name).joined(separator: ", "))
    }
}

/// The shell, fed a script: the observation prints the list after each change.
func liveList(_ say: Narrator, _ database: AppDatabase, random: SplitMix64) throws {
    say.section("The live list")
    say.action("A shell reads commands; a ValueObservation prints the list after each change")
    var shell = ItemShell(database, ordering: .ascending, random: random, echo: true, narrator: say)
    var script = ["delete 1 2 5 6 7", "add Date 4", "edit 4 --quantity 7", "order", "quit"][...]
    try shell.run { script.popFirst() }
    say.note("a list is printed when the observation delivers a value, not when a command ends")
    say.note("another process's writes need `watch`: see docs/04-items-and-ordering.md")
}
