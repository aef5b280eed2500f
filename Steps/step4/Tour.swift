import CourseCore
import GRDB
import ItemsKit

extension Step4 {
    /// `step4` with no subcommand: the lesson, narrated, in memory.
    static func runTour(trace: Bool) throws {
        let say = Narrator()
        say.title("Step 4 · Items with ordering and a live list")

        say.section("AppDatabase")
        say.action("Open an in-memory AppDatabase (a DatabaseQueue) and run the migrator")
        let database = try AppDatabase<Item>.open(.inMemory, migrator: Schema.migrator, trace: trace, narrator: say)
        say.result("migrations applied: \(database.appliedNow.joined(separator: ", "))")
        say.note("on a file it is a DatabasePool: try `make step4 ARGS=list` and look in db/")

        say.section("New items, reproducibly")
        var random = SplitMix64(seed: 4)
        say.action("Press \"New\" twice, with the random generator seeded with 4")
        for _ in 1...2 { say.result(try perform(.new, on: database, random: &random)) }
        say.note("seven random letters, capitalised, quantity 1…9: the same seed gives the same items")

        say.section("The editor's rules")
        let edits = ["add Cherry 5", "add banana \"\"", "edit 4 --name \"\" --quantity 2", "edit 3 --quantity \"\"",
                     "add \"\" \"\"", "add Fig 3.5", "add Fig 99999999999999999999"]
        say.commands(edits, on: database, random: &random)
        say.table(Item.columnNames, try database.items(.unspecified).map(\.cells))
        say.note("an empty name kept \"banana\"; an empty quantity stored NULL; nothing else was written")

        say.section("Ordering by name: which order?")
        for name in ["apple", "Äpfel", "émile", "Zebra"] { try database.add(["name": name]) }
        say.action("SELECT name FROM item ORDER BY name                  -- BINARY, SQLite's default")
        say.result(try names(database, "ORDER BY name"))
        say.note("bytes compared: every capital before every small letter, so banana comes after Cherry and Zebra")
        say.action("SELECT name FROM item ORDER BY name COLLATE NOCASE   -- SQLite's case folding")
        say.result(try names(database, "ORDER BY name COLLATE NOCASE"))
        say.note("NOCASE folds A–Z only: Äpfel and émile still come after Zebra")
        say.action("SELECT name FROM item ORDER BY name COLLATE itemName -- our Swift collation")
        say.result(try names(database, "ORDER BY name COLLATE itemName"))
        say.note("case and accents ignored, registered on every connection; the file's schema is untouched")

        say.section("The three orderings, as requests")
        for ordering in Ordering.allCases {
            say.action("Item.all()\(ordering == .unspecified ? "" : ordering == .ascending ? ".orderedByName()" : ".orderedByNameReversed()")")
            let sql = try database.writer.read { db in try Item.all().ordered(ordering).makePreparedRequest(db).statement.sql }
            say.note(sql)
            say.result(try database.items(ordering).map(\.name).joined(separator: ", "))
        }

        say.section("The live list")
        say.action("A shell reads commands; a ValueObservation prints the list after each change")
        var shell = ItemShell(database, ordering: .ascending, random: random, echo: true, narrator: say)
        var script = ["delete 1 2 5 6 7", "add Date 4", "edit 4 --quantity 7", "order", "quit"][...]
        try shell.run { script.popFirst() }
        say.note("a list is printed when the observation delivers a value, not when a command ends")
        say.note("another process's writes need `watch`: see docs/04-items-and-ordering.md")
    }
}

/// The items' names with a hand-written ORDER BY, one line.
private func names(_ database: AppDatabase<Item>, _ orderBy: String) throws -> String {
    try database.writer.read { db in
        try String.fetchAll(db, sql: "SELECT name FROM item \(orderBy)").joined(separator: ", ")
    }
}
