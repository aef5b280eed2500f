import ArgumentParser
import CourseCore

/// The options of every subcommand that opens the database.
struct StoreOptions: ParsableArguments {
    @OptionGroup var database: DatabaseOptions

    @Flag(help: "Add the demo teams and players (once: it is a migration).")
    var seed = false

    func open() throws -> AppDatabase {
        try AppDatabase.open(database.location(defaultFile: "step3.sqlite"), trace: database.trace, demoData: seed)
    }
}
