import CourseCore
import CourseTestSupport
import Foundation
import GRDB
import Testing

@testable import step11

/// Chapter 12's step 11 rows, stated in what SQLite counts instead of
/// time: the twin of each claim `make bench` times (Benchmarks/Sources/bench/OneQuery.swift,
/// which copies step 11's SQL; Tests/CoreTests/BenchCopiesTests.swift keeps the copy equal).
/// Exact on step 7's bodies, on any machine: drop the index, or turn one
/// statement into a loop, and a count changes.
@Suite struct BenchCountsTests {
    /// A migrated database holding step 7's bodies-v1.json.
    func database() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try AppDatabase.migrator.migrate(queue)
        try queue.write { db in _ = try syncDocuments(db, json: try bodiesJSON("v1").json) }
        return queue
    }

    /// What `body` returned, and the statements it ran (SQLite's `SQLITE_TRACE_STMT`: one event each
    /// time one starts).
    func statementsRun<T>(_ db: Database, _ body: () throws -> T) throws -> (value: T, statements: Int) {
        let count = LockedCount()
        db.trace(options: .statement) { _ in count.add() }
        defer { db.trace(options: []) }
        let value = try body()
        return (value, count.value)
    }

    /// The window function ranks every type in one statement; a loop over
    /// the types runs one more than there are types (the list, then each type).
    @Test func aWindowFunctionRanksEveryTypeInOneStatement() throws {
        try database().read { db in
            let types = try bodyTypes(db)  // the schema GRDB reads for it is cached from here on
            let window = try statementsRun(db) { try rankBodies(db, type: nil) }
            let loop = try statementsRun(db) {
                try bodyTypes(db).flatMap { type in try rankBodies(db, type: type) }
            }
            #expect(window.statements == 1)
            #expect(types.count > 1 && loop.statements == types.count + 1)
            #expect(window.value == loop.value)
        }
    }

    /// By the generated column's index, a lookup steps through no row of a
    /// full scan; by `json_extract`, through every row but the first.
    @Test func theGeneratedColumnsIndexScansNothingJSONExtractScansEverything() throws {
        try database().read { db in
            let bodies = try #require(try Int.fetchOne(db, sql: "SELECT count(*) FROM body"))
            func fullScanSteps(_ lookup: MoonLookup) throws -> Int {
                let statement = try db.makeStatement(sql: lookup.sql)
                let moons = try String.fetchAll(statement, arguments: ["Moon"])
                #expect(!moons.isEmpty)
                return StatementCounts(statement.sqliteStatement).fullScanSteps
            }
            #expect(try fullScanSteps(.jsonExtract) == bodies - 1)
            #expect(try fullScanSteps(.generatedColumnNotIndexed) == bodies - 1)
            #expect(try fullScanSteps(.generatedColumn) == 0)
        }
    }

    /// The recursive CTE walks the whole chain in one statement; a query per
    /// level runs one statement per body of the chain (the last finds nothing above the Sun).
    @Test func aRecursiveCTEWalksTheChainInOneStatement() throws {
        try database().read { db in
            let chain = try statementsRun(db) { try orbitChain(db, of: "phobos") }
            let perLevel = try statementsRun(db) {
                var walked = ["phobos"]
                while let next = try String?.fetchOne(
                    db, sql: "SELECT orbits FROM body WHERE id = ?", arguments: [walked.last]) ?? nil
                {
                    walked.append(next)
                }
                return walked
            }
            #expect(chain.statements == 1)
            #expect(chain.value.map(\.id) == perLevel.value)
            #expect(perLevel.statements == chain.value.count && chain.value.count == 3)
        }
    }
}
