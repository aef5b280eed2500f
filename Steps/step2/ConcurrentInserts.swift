import Dispatch
import Foundation

// [docs:concurrent-writers]
/// What inserting from several threads at once did, counted afterwards in
/// the database: every claim the tour makes about it comes from here.
struct ConcurrentInserts {
    var writers: Int
    var insertsPerWriter: Int
    var failedWrites = 0  // writes that threw: counted, never swallowed
    var rows: Int64 = 0  // SELECT count(*)
    var distinctNames: Int64 = 0  // SELECT count(DISTINCT name): each insert has its own name

    var expected: Int64 { Int64(writers * insertsPerWriter) }
    var lost: Int64 { expected - distinctNames }
    var doubled: Int64 { rows - distinctNames }

    /// Runs `insert(writer, index)` from `writers` threads at once, and
    /// counts the inserts that threw.
    mutating func run(_ insert: @Sendable (_ writer: Int, _ index: Int) throws -> Void) {
        let failures = FailureCounter()
        let inserts = insertsPerWriter
        DispatchQueue.concurrentPerform(iterations: writers) { writer in
            for index in 1...inserts {
                do { try insert(writer, index) } catch { failures.add() }
            }
        }
        failedWrites = failures.count
    }

    /// A count that several threads add to at once: the lock lets one in at a time.
    private final class FailureCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    /// The tour's sentence, true to the counts.
    var summary: String {
        let product = "\(writers) × \(insertsPerWriter) = \(expected)"
        if lost == 0 && doubled == 0 && failedWrites == 0 {
            return "\(rows) rows: none lost, none doubled, no write failed (\(product))"
        }
        return "\(rows) rows for \(product) inserts: \(lost) lost, \(doubled) doubled, \(failedWrites) writes failed"
    }
}
// [/docs:concurrent-writers]
