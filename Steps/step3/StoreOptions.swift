import ArgumentParser
import CourseCore

/// The options of every subcommand that opens the database.
struct StoreOptions: ParsableArguments {
    @OptionGroup var database: DatabaseOptions

    @Flag(help: "Add the demo teams and players (once: it is a migration).")
    var seed = false

    /// `reading`: the subcommand only reads, so it never creates a missing `--database` file.
    /// The file check runs first: a file this step cannot use is refused untouched.
    func open(reading: Bool = false) throws -> AppDatabase {
        let location = try database.checkedLocation(
            defaultFile: "step3.sqlite", for: "step3",
            migrations: AppDatabase.migrator(demoData: true).migrations, reading: reading && !seed)
        return try AppDatabase.open(location, reading: reading && !seed, trace: database.trace, demoData: seed)
    }
}
