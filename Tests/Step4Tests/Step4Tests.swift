import CourseCore
import CourseTestSupport
import Foundation
import GRDB
import ItemsKit
import Testing

@testable import step4

/// This step's database (ItemsKit's, for this step's Item).
private typealias AppDatabase = step4.AppDatabase

private let quiet = Narrator(write: { _ in })

private func open(_ location: DatabaseLocation) throws -> AppDatabase {
    try AppDatabase.open(location, migrator: AppDatabase.migrator, trace: false, narrator: quiet)
}

/// Mixed case and accents, in insertion order.
private let names = ["banana", "Cherry", "apple", "Äpfel", "émile", "Zebra", "Apple"]

@Suite(.temporaryDirectory) struct OrderingTests {
    @Test(arguments: [false, true]) func threeOrderingsWithTheItemNameCollation(onFile: Bool) throws {
        let directory = try TemporaryDirectory.current
        // On a file the database is a pool: the collation must exist on its reader connections too.
        let database = try open(onFile ? .file(directory.file("o.sqlite")) : .inMemory)
        for name in names { try database.addItem(["name": name]) }

        #expect(try database.items(.unspecified).map(\.name) == names)  // rowid order
        // Case and accents ignored ("Äpfel" ~ "apfel" < "apple"); equal names in binary order.
        let ascending = ["Äpfel", "Apple", "apple", "banana", "Cherry", "émile", "Zebra"]
        #expect(try database.items(.ascending).map(\.name) == ascending)
        #expect(try database.items(.descending).map(\.name) == ascending.reversed())
    }

    @Test func sqliteDefaultsAreBinaryAndAsciiOnlyNoCase() throws {
        let database = try open(.inMemory)
        for name in names { try database.addItem(["name": name]) }
        let (binary, nocase) = try database.reader.read { db in
            (
                try String.fetchAll(db, sql: "SELECT name FROM item ORDER BY name"),
                try String.fetchAll(db, sql: "SELECT name FROM item ORDER BY name COLLATE NOCASE, name")
            )
        }
        // The seed's ordering: capitals first, so banana after Cherry.
        #expect(binary == ["Apple", "Cherry", "Zebra", "apple", "banana", "Äpfel", "émile"])
        // NOCASE folds A–Z only: non-ASCII letters still sort after z.
        #expect(nocase == ["Apple", "apple", "banana", "Cherry", "Zebra", "Äpfel", "émile"])
    }

    @Test func orderingCyclesLikeTheSeedsButton() {
        #expect(Ordering.unspecified.next == .ascending)
        #expect(Ordering.ascending.next == .descending)
        #expect(Ordering.descending.next == .unspecified)
    }

    @Test func requestsCarryTheCollation() throws {
        let database = try open(.inMemory)
        let sql = try database.reader.read { db in
            try Item.orderedByNameReversed().makePreparedRequest(db).statement.sql
        }
        #expect(sql == #"SELECT * FROM "item" ORDER BY "name" COLLATE itemName DESC"#)
    }
}

@Suite struct EditorTests {
    @Test func rulesForNameAndQuantity() throws {
        let database = try open(.inMemory)
        let banana = try database.addItem(["name": "banana", "quantity": ""])
        #expect(banana.id == 1 && banana.quantity == nil)  // empty quantity: NULL
        let edited = try database.editItem(id: 1, ["name": "", "quantity": " 4 "])
        #expect(edited.name == "banana" && edited.quantity == 4)  // empty name: kept
        let onlyQuantity = try database.addItem(["quantity": "2"])
        #expect(onlyQuantity.name == "" && onlyQuantity.quantity == 2)
        let rows = try database.reader.read { db in try Row.fetchAll(db, sql: "SELECT id, name, quantity FROM item") }
        #expect(rows == [["id": 1, "name": "banana", "quantity": 4], ["id": 2, "name": "", "quantity": 2]])
    }

    @Test(arguments: [
        (["name": "", "quantity": ""], "nothing to save"),
        (["name": "Fig", "quantity": "3.5"], "not a whole number"),
        (["name": "Fig", "quantity": "three"], "not a whole number"),
        (["name": "Fig", "quantity": "-2"], "negative"),
        (["name": "Fig", "quantity": "99999999999999999999"], "out of range"),
    ])
    func badInputIsRefusedAndNothingWritten(fields: [String: String], message: String) throws {
        let database = try open(.inMemory)
        try database.addItem(["name": "Kiwi", "quantity": "1"])
        let error = #expect(throws: CourseError.self) { try database.addItem(fields) }
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
        if message != "nothing to save" {  // the same fields as an edit: the name is not half-applied
            #expect(throws: CourseError.self) { try database.editItem(id: 1, fields) }
        }
        #expect(try database.items(.unspecified) == [Item(id: 1, name: "Kiwi", quantity: 1)])
    }

    @Test func unknownIdsChangeNothing() throws {
        let database = try open(.inMemory)
        try database.addItem(["name": "Kiwi"])
        try database.addItem(["name": "Lime"])
        #expect(throws: CourseError.self) { try database.editItem(id: 9, ["name": "X"]) }
        let error = #expect(throws: CourseError.self) { try database.deleteItems(ids: [1, 8, 9]) }
        #expect(error?.description == "no item with id 8, 9")
        #expect(try database.items(.unspecified).map(\.name) == ["Kiwi", "Lime"])
        try database.deleteItems(ids: [1, 2])
        #expect(try database.items(.unspecified).isEmpty)
    }

    @Test func seededRandomItems() throws {
        var first = SplitMix64(start: 42)
        var second = SplitMix64(start: 42)
        let a = (0..<50).map { _ in randomItemFields(using: &first) }
        let b = (0..<50).map { _ in randomItemFields(using: &second) }
        #expect(a == b)
        #expect(Set(a.compactMap { $0["name"] }).count > 45)  // random, not constant
        for fields in a {
            let name = try #require(fields["name"])
            #expect(name.count == 7 && name.first?.isUppercase == true && name.dropFirst().allSatisfy(\.isLowercase))
            #expect((1...9).contains(Int(fields["quantity"] ?? "") ?? 0))
        }
    }
}

@Suite(.temporaryDirectory) struct ObservationTests {
    /// What the observation itself emits, awaited one value per change.
    @Test func valuesAfterInsertUpdateDeleteAndOrderingChange() async throws {
        let database = try open(.inMemory)
        var values = database.observeItems(.unspecified).values(in: database.reader).makeAsyncIterator()
        #expect(try await values.next() == [])
        try database.addItem(["name": "pear", "quantity": "2"])  // insert
        #expect(try await values.next() == [Item(id: 1, name: "pear", quantity: 2)])
        try database.addItem(["name": "Apple"])
        #expect(try await values.next()?.map(\.name) == ["pear", "Apple"])
        try database.editItem(id: 1, ["quantity": "5"])  // update
        #expect(try await values.next() == [Item(id: 1, name: "pear", quantity: 5), Item(id: 2, name: "Apple")])
        try database.editItem(id: 2, ["name": "Apple"])  // a write that changes nothing: no new value…
        try database.deleteItems(ids: [2])  // delete
        #expect(try await values.next() == [Item(id: 1, name: "pear", quantity: 5)])  // …so this comes next
        try database.addItem(["name": "Kiwi"])
        #expect(try await values.next()?.map(\.name) == ["pear", "Kiwi"])
        // Ordering change: a new request, a new observation, its first value.
        var sorted = database.observeItems(.ascending).values(in: database.reader).makeAsyncIterator()
        #expect(try await sorted.next()?.map(\.name) == ["Kiwi", "pear"])
    }

    /// The shell's view of it: every value delivered up to the current list.
    @Test func liveListWaitsForTheValueThatShowsAWrite() throws {
        let directory = try TemporaryDirectory.current
        let database = try open(.file(directory.file("live.sqlite")))
        let live = LiveList(database, .descending)
        #expect(try live.values(until: []) == [[]])
        try database.addItem(["name": "apple"])
        try database.addItem(["name": "Banana"])
        let delivered = try live.values(until: database.items(.descending))
        #expect(delivered.last?.map(\.name) == ["Banana", "apple"])
        #expect((1...2).contains(delivered.count))  // GRDB may merge the two writes into one value
        try database.editItem(id: 1, ["name": "apple"])  // nothing changed: nothing delivered
        #expect(try live.values(until: database.items(.descending)) == [])
    }

    /// "ValueObservation may coalesce subsequent changes into a single notification" (GRDB's guide), staged
    /// in a fixed order: the fetch that follows commit 1 is held at its start while commits 2 and 3 land.
    /// GRDB then fetches once more for both: commits 2 and 3 give one value. (A pool, a constant region:
    /// the fetches after a commit run on a reader, concurrently with the writer.)
    @Test func commitsDuringAFetchGiveOneValue() throws {
        let directory = try TemporaryDirectory.current
        let pool = try DatabasePool(path: directory.file("coalesce.sqlite"))
        try pool.write { db in try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY)") }
        let seen = Seen()
        let observation = ValueObservation.trackingConstantRegion { db -> Int in
            let hold = seen.lock.withLock {
                seen.fetches += 1
                defer { seen.armed = false }
                return seen.armed
            }
            if hold {  // the first fetch after commit 1: held until commits 2 and 3 are in
                seen.fetchStarted.signal()
                seen.mayFetch.wait()
            }
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM item") ?? 0
        }
        // willTrackRegion: GRDB observes the writer's commits from now on (it says so on the writer's
        // queue, which runs our writes after it).
        let cancellable = observation.handleEvents(willTrackRegion: { _ in seen.tracking.signal() }).start(
            in: pool, scheduling: .async(onQueue: DispatchQueue(label: "observer")),
            onError: { _ in seen.delivered.signal() },
            onChange: { count in
                seen.lock.withLock { seen.values.append(count) }
                seen.delivered.signal()
            })
        defer { cancellable.cancel() }
        #expect(seen.tracking.wait(timeout: .now() + 10) == .success)
        try seen.waitUntil { $0.values.count == $0.fetches }  // the start's values (GRDB fetches 1 or 2)
        let start = seen.lock.withLock { (seen.fetches, seen.values) }

        seen.lock.withLock { seen.armed = true }
        try pool.write { db in try db.execute(sql: "INSERT INTO item DEFAULT VALUES") }  // commit 1
        #expect(seen.fetchStarted.wait(timeout: .now() + 10) == .success)
        try pool.write { db in try db.execute(sql: "INSERT INTO item DEFAULT VALUES") }  // commit 2
        try pool.write { db in try db.execute(sql: "INSERT INTO item DEFAULT VALUES") }  // commit 3
        seen.mayFetch.signal()
        try seen.waitUntil { $0.values.last == 3 && $0.values.count == $0.fetches }
        try pool.write { db in try db.execute(sql: "INSERT INTO item DEFAULT VALUES") }  // commit 4
        try seen.waitUntil { $0.values.last == 4 }

        let (fetches, values) = seen.lock.withLock { (seen.fetches, seen.values) }
        #expect(fetches == start.0 + 3, "after commit 1, once for commits 2 and 3, after commit 4")
        #expect(Array(values.dropFirst(start.1.count)) == [1, 3, 4], "no value shows commit 2 alone")
    }

    /// What the observation did, written from GRDB's queues: guarded by `lock`.
    private final class Seen: @unchecked Sendable {
        let lock = NSLock()
        var fetches = 0
        var values: [Int] = []
        var armed = false
        let tracking = DispatchSemaphore(value: 0)
        let fetchStarted = DispatchSemaphore(value: 0)
        let mayFetch = DispatchSemaphore(value: 0)
        let delivered = DispatchSemaphore(value: 0)

        /// Waits for deliveries until `condition` holds (10 s without a delivery: the test fails).
        func waitUntil(_ condition: (Seen) -> Bool) throws {
            while !lock.withLock({ condition(self) }) {
                guard delivered.wait(timeout: .now() + 10) == .success else {
                    throw CourseError.timeout("no value from the observation", fix: "")
                }
            }
        }
    }
}

@Suite struct RandomStartTests {
    /// SplitMix64's published reference outputs (Vigna's splitmix64.c) for 1234567.
    @Test func splitMix64MatchesThePublishedAlgorithm() {
        var generator = SplitMix64(start: 1_234_567)
        let outputs = (0..<5).map { _ in generator.next() }
        #expect(
            outputs == [
                6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
                4_593_380_528_125_082_431, 16_408_922_859_458_223_821,
            ])
    }
}

@Suite struct TourWordsTests {
    private func database() throws -> AppDatabase {
        try AppDatabase.open(
            .inMemory, migrator: AppDatabase.migrator, trace: false, narrator: Narrator(write: { _ in }))
    }

    /// The ordering notes are read from the sorted names: other names, other words.
    @Test func orderingNotesFollowTheData() throws {
        let accented = RecordedLines()
        let plain = RecordedLines()
        try orderingByName(accented.narrator, try database(), adding: ["apple", "Äpfel", "émile", "Zebra"])
        try orderingByName(plain.narrator, try database(), adding: ["apple", "Zebra"])
        #expect(
            accented.all.joined(separator: "\n").contains(
                "every capital before every small letter; Äpfel and émile after every ASCII name"))
        #expect(
            accented.all.joined(separator: "\n").contains(
                "capitals and small letters mixed; Äpfel and émile among the others"))
        #expect(!plain.all.joined(separator: "\n").contains("Äpfel"))
        #expect(plain.all.joined(separator: "\n").contains("capitals and small letters mixed; "))
    }

    /// The editor-rules notes count what the database holds, not what the tour expects.
    @Test func editorNotesCountTheRows() throws {
        let say = RecordedLines()
        let database = try database()
        var random = SplitMix64(start: 4)
        try database.addItem(["name": "Kiwi"])
        try database.addItem(["name": "Lime"])
        try editorRules(say.narrator, database, random: &random)
        #expect(say.all.joined(separator: "\n").contains("4 commands ran, 3 were refused; the table gained 2 rows"))
        #expect(
            say.all.joined(separator: "\n").contains(
                "after an empty name, item 4 is named \"banana\"; after an empty quantity, item 3's quantity is NULL"))
    }

    /// `help` in the shell lists the orderings and the quoting.
    @Test func shellHelpListsOrderingsAndQuoting() throws {
        #expect(ShellCommand.usage.contains("order [none|asc|desc]"))
        #expect(ShellCommand.usage.contains("none (unordered), asc (by name, A→Z), desc (by name, Z→A)"))
        #expect(ShellCommand.quoting.contains(#"add "Øresund 100%" 2"#))
        #expect(
            try ShellCommand.parse(#"add "Øresund 100%" 2"#, fields: ["name", "quantity"])
                == .add(["name": "Øresund 100%", "quantity": "2"]))
    }
}
