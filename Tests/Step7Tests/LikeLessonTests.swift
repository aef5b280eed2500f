import CourseCore
import CourseTestSupport
import Foundation
import GRDB
import Testing

@testable import step7

/// Chapter 7's claims about LIKE and about the course's search, each checked
/// against SQLite itself; and the tour's words, when the lesson is broken.
@Suite(.temporaryDirectory) struct LikeLessonTests {
    private func value<T: DatabaseValueConvertible>(_ sql: String, _ arguments: StatementArguments = []) throws -> T? {
        try DatabaseQueue().read { db in try T.fetchOne(db, sql: sql, arguments: arguments) }
    }

    @Test func likeFoldsTheCaseOfAsciiLettersOnly() throws {
        #expect(try value("SELECT 'Eris' LIKE 'eris'") == 1)
        #expect(try value("SELECT 'Éris' LIKE 'éris'") == 0)
        #expect(try value("SELECT 'Øresund' LIKE 'øresund'") == 0)
        #expect(try value("SELECT lower('ÉRIS')") == "Éris")  // lower() too: A–Z only
    }

    @Test func percentAndUnderscoreAreLikesWildcards() throws {
        #expect(try value("SELECT 'Moon' LIKE '%' || ? || '%'", ["%"]) == 1)
        #expect(try value("SELECT 'Moon' LIKE 'M__n'") == 1)
    }

    @Test func ourSearchFoldsEveryLetterAndHasNoWildcards() throws {
        let queue = try DatabaseQueue()
        let matches = { (name: String, text: String) in
            try queue.read { db in
                try Bool.fetchOne(
                    db, SQLRequest<Bool>("SELECT \(Column("x").containsIgnoringCase(text)) FROM (SELECT \(name) AS x)"))
            }
        }
        #expect(try matches("Øresund", "øresund") == true)
        #expect(try matches("élan", "ÉLAN") == true)
        #expect(try matches("Moon", "%") == false)
        #expect(try matches("Moon", "M__n") == false)
        #expect(try matches("100% Ice", "0% i") == true)
        #expect(try matches("O'Brien", "o'b") == true)
    }

    /// The tour section computes its words: a LIKE-only search says so.
    @Test func theTourSaysWhatALikeOnlySearchFinds() throws {
        let directory = try TemporaryDirectory.current
        let cache = try AppDatabase.open(
            .file(directory.file("c.sqlite")), trace: false, narrator: Narrator(write: { _ in }))
        try cache.sync(with: fixtureBodies("v1"))
        let ours = RecordedLines()
        let likeOnly = RecordedLines()
        try whyLikeIsNotEnough(ours.narrator, cache)
        try whyLikeIsNotEnough(likeOnly.narrator, cache) { db, text, column in
            try SolarBody.filter(column.like("%\(text)%")).order(SolarBody.Columns.englishName).fetchAll(db)
        }
        #expect(
            ours.all.joined(separator: "\n").contains(
                "name LIKE '%' || 'éris' || '%', then our search for \"éris\"\n   → LIKE: 0 names; ours: 1 name (Éris)")
        )
        #expect(likeOnly.all.joined(separator: "\n").contains("→ LIKE: 0 names; ours: 0 names"))
        #expect(
            likeOnly.all.joined(separator: "\n").contains(
                "→ LIKE: 40 names (Amalthea, Ariel, Callisto, …); ours: 40 names"))
    }

    /// Without one transaction, the failure section says the cache was half synced.
    @Test func theTourSaysWhenASyncIsNotOneTransaction() throws {
        let directory = try TemporaryDirectory.current
        let path = directory.file("c.sqlite")
        let cache = try AppDatabase.open(.file(path), trace: false, narrator: Narrator(write: { _ in }))
        let v1 = try Fixture("v1")
        let bodies = try fixtureBodies("v1")
        try cache.sync(with: try fixtureBodies("v2"))
        let together = RecordedLines()
        let apart = RecordedLines()
        try failureInsideTransaction(together.narrator, cache, v1, bodies) { try cache.sync(with: $0, checkpoint: $1) }
        #expect(together.all.joined(separator: "\n").contains("the cache holds the same 42 bodies as before: true"))
        #expect(together.all.joined(separator: "\n").contains("GRDB ran ROLLBACK: nothing applied"))

        // The lesson broken on purpose: each statement commits on its own.
        let queue = try DatabaseQueue(path: path)
        try failureInsideTransaction(apart.narrator, cache, v1, bodies) { fetched, checkpoint in
            try queue.writeWithoutTransaction { db in
                let plan = SyncPlan(cached: try SolarBody.fetchAll(db), fetched: fetched)
                for id in plan.deletions { try SolarBody.deleteOne(db, key: id) }
                for update in plan.updates { try update.new.updateChanges(db, from: update.old) }
                try checkpoint(.updated, plan)
                return plan
            }
        }
        #expect(apart.all.joined(separator: "\n").contains("bodies as before: false"))
        #expect(apart.all.joined(separator: "\n").contains("a failed sync leaves half a cache"))
    }
}
