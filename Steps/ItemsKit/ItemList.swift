import CourseCore

/// The list as the tutorial's screen shows it: a heading ("3 Items"), the
/// ordering (the tutorial's button), then one row per item.
public func listLines<Item: ItemRecord>(_ items: [Item], _ ordering: Ordering) -> [String] {
    let heading = "\(items.count) \(items.count == 1 ? "Item" : "Items") · \(ordering.label)"
    let table = TextTable(headers: Item.columnNames, rows: items.map(\.cells))
    return [heading] + table.lines.map { "  " + $0 }
}

extension Narrator {
    /// Prints the list, then flushes standard output: when it is a pipe
    /// (a test, `| tee`), the reader sees each list as soon as it exists.
    public func itemList<Item: ItemRecord>(_ items: [Item], _ ordering: Ordering) {
        for line in listLines(items, ordering) { self.line(line) }
        flushOutput()
    }
}

/// Standard output is buffered when it is not a terminal; push it out now.
public func flushOutput() {
    fflush(nil)  // nil: every output stream (naming `stdout` is not concurrency-safe in Swift 6)
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
