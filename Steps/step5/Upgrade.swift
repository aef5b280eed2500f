import CourseCore
import Foundation
import GRDB
import ItemsKit

// [docs:upgrade]
/// `make step5 ARGS="--database FILE"`: open a file, which migrates it, and say what
/// happened. A second run finds nothing left to do.
func upgrade(_ path: String, trace: Bool) throws {
    let say = Narrator()
    guard FileManager.default.fileExists(atPath: path) else {
        throw CourseError.input(
            "no file at \(Workspace.display(path)): give a database made by step 4 "
                + "(`make step4 ARGS=\"add Apple 3\"` makes db/step4.sqlite)")
    }
    try DatabaseFile.check(.file(path), for: "step5", migrations: AppDatabase.migrator.migrations)
    let database = try AppDatabase.open(.file(path), migrator: AppDatabase.migrator, trace: trace, narrator: say)
    let applied = database.appliedNow
    say.line(
        "\(Workspace.display(path)): "
            + (applied.isEmpty
                ? "up to date, no migration applied"
                : "applied \(applied.joined(separator: ", "))"))
    // SELECT identifier FROM grdb_migrations
    let recorded = try database.reader.read { db in try AppDatabase.migrator.appliedMigrations(db) }
    say.line("migrations recorded in grdb_migrations: \(recorded.joined(separator: ", "))")
    say.itemList(try database.items(.unspecified), .unspecified)
}
// [/docs:upgrade]
