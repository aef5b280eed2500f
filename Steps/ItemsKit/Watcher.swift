import CourseCore
import Foundation
import GRDB

// [docs:watch]
/// `watch`: prints the list whenever the database changes, whoever changed it.
///
/// A `ValueObservation` learns of changes from SQLite hooks on its *own*
/// connections: a write by another process never passes through them. But
/// SQLite keeps a counter per connection, `PRAGMA data_version`, that moves
/// whenever *another* connection has committed to the file since the last
/// time this connection asked. So we ask it, a few times per second, always
/// on the same connection (the writer's; a pool's readers take turns).
public struct Watcher<Item: ItemRecord> {
    public let database: AppDatabase<Item>
    public var ordering: Ordering
    /// Stop after this many new lists (nil: never).
    public var maxUpdates: Int?
    /// Stop after this many seconds (nil: never).
    public var timeout: TimeInterval?
    public var interval: TimeInterval = 0.05

    public init(_ database: AppDatabase<Item>, ordering: Ordering, maxUpdates: Int?, timeout: TimeInterval?) {
        self.database = database
        self.ordering = ordering
        self.maxUpdates = maxUpdates
        self.timeout = timeout
    }

    public func run(narrator say: Narrator) throws {
        let start = Date()
        var version = try database.dataVersion()
        var shown = try database.items(ordering)
        say.itemList(shown, ordering)
        var updates = 0
        while updates < maxUpdates ?? .max {
            if let timeout, Date().timeIntervalSince(start) > timeout { return }
            Thread.sleep(forTimeInterval: interval)
            let now = try database.dataVersion()
            guard now != version else { continue }
            version = now
            let items = try database.items(ordering)
            guard items != shown else { continue }  // a commit that left the list as it was
            shown = items
            say.line("")
            say.itemList(items, ordering)
            updates += 1
        }
    }
}
// [/docs:watch]
