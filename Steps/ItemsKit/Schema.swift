import CourseCore
import GRDB

/// The migrations the items app has from its first version on.
/// A migration that has run on someone's database never changes again: later
/// steps add migrations after it, they don't edit it.
public enum ItemMigrations {
    // [docs:createItem]
    /// `createItem`, exactly as the seed's app writes it:
    ///
    ///     CREATE TABLE "item" (
    ///       "id" INTEGER PRIMARY KEY AUTOINCREMENT,
    ///       "name" TEXT NOT NULL,
    ///       "quantity" INTEGER)
    public static func createItem(_ db: Database) throws {
        try db.create(table: "item") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("name", .text).notNull()
            table.column("quantity", .integer)
        }
    }
    // [/docs:createItem]
}

extension Database {
    /// Throws unless table `item` has exactly `expected` columns, in order.
    /// A file made by some other program can carry a table of that name with
    /// another shape; better to say so than to fail later in a confusing way.
    func checkItemTable(_ expected: [String]) throws {
        let found = try columns(in: "item").map(\.name)
        if found != expected {
            throw CourseError.badData(
                """
                table item has columns (\(found.joined(separator: ", "))), \
                expected (\(expected.joined(separator: ", "))): not a database of this app
                """, fix: "open it with the program that made it, or give --database another file")
        }
    }
}
