import CourseCore
import CourseTestSupport
import Foundation
import GRDB
import Testing

@testable import step8

@Suite struct Step8Tests {
    @Test func theTourMatchesItsGoldenOutput() throws {
        try Golden.checkTour("step8")
    }

    /// NorthwindSales.sql is both a resource of step 8 and the plugin's input
    /// (a case Lighter's users hit): the bundle has the file, and the
    /// generated code carries the same text.
    @Test func aSQLFileIsBothAResourceAndAPluginInput() throws {
        let url = try #require(AppDatabase.bundledNorthwindSales)
        #expect(try String(contentsOf: url, encoding: .utf8) == NorthwindSalesSchema.sql)
    }

    @Test func searchEditAndSyncWorkOnGeneratedRecords() throws {
        let database = try AppDatabase.open(.inMemory, trace: false, narrator: Narrator(write: { _ in }))
        let teas = try database.search("TEA")
        #expect(!teas.isEmpty && teas.allSatisfy { $0.product.productName.lowercased().contains("tea") })
        let id = try #require(teas[0].product.productID)
        #expect(try database.saveEdit(productID: id, price: 99.5) == ["UnitPrice"])
        #expect(try database.saveEdit(productID: id, price: 99.5) == [])
        #expect(try database.search("TEA").first { $0.product.productID == id }?.product.unitPrice == 99.5)
        let v1 = try decodeBodies(try bodiesData("v1").data, from: "v1")
        #expect(try database.sync(v1).inserted == v1.count)
        #expect(try database.sync(v1) == (deleted: 0, updated: 0, inserted: 0))
    }

    /// A sync makes the cache hold exactly the new list: after v1, v2's sync deletes the bodies v2 dropped,
    /// and the table then holds v2's bodies and no others (the DELETE of `sync`, not only its count).
    @Test func aSyncDeletesTheBodiesTheNewListDropped() throws {
        let database = try AppDatabase.open(.inMemory, trace: false, narrator: Narrator(write: { _ in }))
        let v1 = try decodeBodies(try bodiesData("v1").data, from: "v1")
        let v2 = try decodeBodies(try bodiesData("v2").data, from: "v2")
        _ = try database.sync(v1)
        let dropped = Set(v1.map(\.id)).subtracting(v2.map(\.id))
        #expect(!dropped.isEmpty, "v2 drops some of v1's bodies")
        #expect(try database.sync(v2).deleted == dropped.count)
        let stored = try database.read { db in try String.fetchAll(db, sql: "SELECT id FROM solar_body") }
        #expect(stored.sorted() == v2.map(\.id).sorted())
    }

    /// Step 8 opens only a file it can use, as every step does: `bodies`
    /// only reads, so it creates no file; `edit` refuses step 7's cache,
    /// untouched.
    @Test func subcommandsOpenOnlyAFileStep8CanUse() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missing = try StepProcess.run("step8", ["bodies", "--database", "none.sqlite"], in: directory)
        #expect(missing.status == 1 && missing.stderr.contains("no database at none.sqlite"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("none.sqlite")))

        let cache = directory.file("cache.sqlite")
        #expect(try StepProcess.run("step7", ["sync", "--database", cache], in: directory).status == 0)
        let before = FileManager.default.contents(atPath: cache)
        let edit = try StepProcess.run("step8", ["edit", "1", "--price", "2", "--database", cache], in: directory)
        #expect(edit.status == 1)
        #expect(edit.stderr.contains("it is a step 7 file, a cache of solar bodies"), "\(edit.stderr)")
        #expect(FileManager.default.contents(atPath: cache) == before)
        #expect(!FileManager.default.fileExists(atPath: cache + "-journal"))
    }

    /// A body without a required field never reaches the cache: decoding
    /// fails first, naming the field as the API spells it.
    @Test func aBadSourceIsRefusedBeforeTheCacheIsOpened() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let json = #"{"bodies": [{"id": "sedna", "name": "Sedna", "bodyType": "Dwarf Planet"}]}"#
        try json.write(toFile: directory.file("bad.json"), atomically: true, encoding: .utf8)
        let result = try StepProcess.run("step8", ["sync", "bad.json"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderr.contains(#"bodies[0] has no field "englishName""#))
        #expect(!FileManager.default.fileExists(atPath: directory.file("db/step8.sqlite")))
    }
}
