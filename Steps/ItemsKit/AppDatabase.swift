import CourseCore
import CourseGRDB
import Foundation
import GRDB

// [docs:appdatabase]
/// The tutorial's `AppDatabase`: the one door to the database. It owns a
/// `DatabaseWriter` (a `DatabasePool` on a file, a `DatabaseQueue` in
/// memory), migrates it once, then offers only the operations the app needs.
/// The writer is private, as in GRDB's demo apps: nothing else can write.
public struct AppDatabase<Item: ItemRecord>: Sendable {
    private let dbWriter: any DatabaseWriter
    /// The migrations this open applied (empty when the file was up to date).
    public let appliedNow: [String]

    /// Read-only access, for observations and for the tour's own queries.
    public var reader: any DatabaseReader { dbWriter }

    /// `migrate: false` for a file opened to read, already up to date.
    private init(_ writer: any DatabaseWriter, migrator: DatabaseMigrator, migrate: Bool = true) throws {
        self.dbWriter = writer
        // Check before migrating: a migration must not touch a file that is
        // not ours. Then migrate, and check that Item matches the result.
        let before = try writer.read { db in try migrator.appliedMigrations(db) }
        try writer.read { db in try Self.checkShape(db, migrator: migrator) }
        if migrate { try migrator.migrate(writer) }
        let after = try writer.read { db in try migrator.appliedMigrations(db) }
        appliedNow = after.filter { !before.contains($0) }
        try writer.read { db in try db.checkItemTable(Item.columnNames) }
    }

    /// A pool for a file: readers never wait for the writer (WAL mode), and
    /// the live list reads while a command writes. A queue in memory: a pool
    /// needs a file to share between its connections.
    /// `readOnly`: a file already up to date is opened read-only (see
    /// `CourseGRDB.openForReading`); one this step must migrate, as usual.
    public static func open(
        _ location: DatabaseLocation, migrator: DatabaseMigrator, readOnly: Bool = false,
        trace: Bool, narrator: Narrator
    ) throws -> Self {
        var configuration = CourseGRDB.configuration(trace: trace, narrator: narrator)
        // Every connection learns our collation before it runs a query.
        configuration.prepareDatabase { db in db.add(collation: .itemName) }
        if readOnly, let queue = try CourseGRDB.openReadOnly(location, configuration: configuration),
            try queue.read(migrator.hasCompletedMigrations)
        {
            return try AppDatabase(queue, migrator: migrator, migrate: false)
        }
        return try attemptOpen(location) {
            switch location {
            case .inMemory:
                return try AppDatabase(DatabaseQueue(configuration: configuration), migrator: migrator)
            case .file(let path):
                return try AppDatabase(DatabasePool(path: path, configuration: configuration), migrator: migrator)
            }
        }
    }
}
// [/docs:appdatabase]

extension AppDatabase {
    /// Before migrating: no migration we don't know, and an `item` table
    /// shaped as our own migrations left it (compared with a scratch
    /// database migrated just as far).
    static func checkShape(_ db: Database, migrator: DatabaseMigrator) throws {
        let applied = try migrator.appliedIdentifiers(db)
        let unknown = applied.subtracting(migrator.migrations).sorted()
        if !unknown.isEmpty {
            throw CourseError.badData(
                """
                the database has migrations this program doesn't know (\(unknown.joined(separator: ", "))): \
                it was made by a later version
                """, fix: "open it with the program that made it, or give --database another file")
        }
        guard try db.tableExists("item") else { return }
        guard let last = migrator.migrations.last(where: applied.contains) else {
            throw CourseError.badData(
                "the database has a table item that no migration of this app created",
                fix: "open it with the program that made it, or give --database another file")
        }
        let reference = try DatabaseQueue()
        try migrator.migrate(reference, upTo: last)
        let expected = try reference.read { db in try db.columns(in: "item").map(\.name) }
        try db.checkItemTable(expected)
    }
}

// [docs:operations]
extension AppDatabase {
    /// Saves a new item made from the editor's fields. One transaction.
    @discardableResult
    public func addItem(_ fields: [String: String]) throws -> Item {
        try dbWriter.write { db in
            var item = Item.new()
            try save(&item, fields, db)
            return item
        }
    }

    /// Edits an item: the editor opens with its current values, `changes`
    /// replace some of them, the step's rules apply. One transaction.
    @discardableResult
    public func editItem(id: Int64, _ changes: [String: String]) throws -> Item {
        try dbWriter.write { db in
            var item = try Self.item(id, db)  // SELECT * FROM item WHERE id = ?
            try save(&item, changes, db)
            return item
        }
    }

    private func save(_ item: inout Item, _ changes: [String: String], _ db: Database) throws {
        item = try Self.edited(item, changes)  // validates: throws before anything is written
        // INSERT INTO item (name, quantity, …) VALUES (?, ?, …)   (id nil)
        // UPDATE item SET name = ?, quantity = ?, … WHERE id = ?   (id set)
        try item.save(db)
    }

    /// Deletes items; all ids must exist, or nothing is deleted.
    public func deleteItems(ids: [Int64]) throws {
        try dbWriter.write { db in
            try Self.requireItems(ids, db)  // SELECT id FROM item WHERE id IN (…): every id, or nothing
            // DELETE FROM item WHERE id IN (…)
            _ = try Item.deleteAll(db, keys: ids)
        }
    }

    /// The items, in an ordering.
    public func items(_ ordering: Ordering) throws -> [Item] {
        // SELECT * FROM item [ORDER BY name COLLATE itemName [DESC]]
        try dbWriter.read { db in try Item.ordered(ordering).fetchAll(db) }
    }

    /// The live list: a new value whenever a transaction changes table item
    /// (the observation is the step's: `Item.observation`).
    public func observeItems(
        _ ordering: Ordering
    ) -> ValueObservation<ValueReducers.RemoveDuplicates<ValueReducers.Fetch<[Item]>>> {
        Item.observation(ordering)
    }
}
// [/docs:operations]

// MARK: - The editor's rules and the ids, checked without writing

extension AppDatabase {
    // [docs:check]
    /// Refuses `command` where its operation would, and writes nothing: the
    /// editor's rules, and the ids it names, read through `reader`. The
    /// subcommands run it on the file opened read-only, before they open the
    /// pool that writes: a `DatabasePool` writes as it opens (GRDB's
    /// `setUpWALMode` creates and drops a table when the file has no `-wal`),
    /// so input refused here leaves every byte of the file as it was.
    public func check(_ command: ShellCommand) throws {
        try reader.read { db in
            switch command {
            case .add(let fields): _ = try Self.edited(Item.new(), fields)
            case .edit(let id, let changes): _ = try Self.edited(Self.item(id, db), changes)
            case .delete(let ids): try Self.requireItems(ids, db)
            case .new, .order, .help, .quit: break
            }
        }
    }
    // [/docs:check]

    /// `item` with the editor's `changes`, by the step's rules; throws on bad input.
    static func edited(_ item: Item, _ changes: [String: String]) throws -> Item {
        var item = item
        var form = item.form
        form.fields.merge(changes) { _, new in new }
        try item.apply(form)
        guard !item.isEmpty else {
            throw CourseError.input("nothing to save: every field of the item is empty")
        }
        return item
    }

    /// The item with this id.
    static func item(_ id: Int64, _ db: Database) throws -> Item {
        // SELECT * FROM item WHERE id = ?
        guard let item = try Item.fetchOne(db, key: id) else { throw CourseError.input("no item with id \(id)") }
        return item
    }

    /// Throws unless every id is an item's, naming the ones that are not.
    static func requireItems(_ ids: [Int64], _ db: Database) throws {
        // SELECT id FROM item WHERE id IN (…)
        let found = try Set(Item.filter(keys: ids).select(Column("id"), as: Int64.self).fetchAll(db))
        let missing = ids.filter { !found.contains($0) }
        if !missing.isEmpty {
            throw CourseError.input("no item with id \(missing.map(String.init).joined(separator: ", "))")
        }
    }
}

extension AppDatabase {
    /// `PRAGMA data_version`, always on the writer's connection: the number
    /// moves when *another* connection has committed since this one last asked.
    public func dataVersion() throws -> Int {
        try dbWriter.writeWithoutTransaction { db in
            try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
        }
    }
}
