import CourseCore
import Foundation
import GRDB
import ItemsKit

// [docs:upgrade]
/// `step5 --database FILE`: open a file, which migrates it, and say what
/// happened. A second run finds nothing left to do.
func upgrade(_ path: String, trace: Bool) throws {
    let say = Narrator()
    guard FileManager.default.fileExists(atPath: path) else {
        throw CourseError.input("no file at \(Workspace.display(path)): give a database made by step 4")
    }
    try DatabaseFile.check(.file(path), for: "step5", migrations: Schema.migrator.migrations)
    let database = try AppDatabase<Item>.open(.file(path), migrator: Schema.migrator, trace: trace, narrator: say)
    let applied = database.appliedNow
    say.line("\(Workspace.display(path)): " + (applied.isEmpty
        ? "up to date, no migration applied"
        : "applied \(applied.joined(separator: ", "))"))
    // SELECT identifier FROM grdb_migrations
    let recorded = try database.writer.read { db in try Schema.migrator.appliedMigrations(db) }
    say.line("migrations recorded in grdb_migrations: \(recorded.joined(separator: ", "))")
    say.itemList(try database.items(.unspecified), .unspecified)
}
// [/docs:upgrade]
