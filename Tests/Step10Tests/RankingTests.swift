import CourseCore
import CourseTestSupport
import Foundation
import GRDB
import Testing

@testable import step10

/// What bm25 counts, column weights and the rank column, other tokenizers,
/// a prefix index, optimize, and Unicode's two forms of one name.
@Suite struct RankingTests {
    /// bm25 scores the row: every row matches the one phrase "smo"*, equally rare,
    /// so rows with more matching tokens (all columns together) rank higher, and
    /// among equals the shorter row (all columns together) ranks higher.
    @Test func bm25ScoresTheWholeRow() throws {
        let counts = try freshDatabase().bm25Counts(prefix: "smo")
        #expect(counts.count == 6)
        let hits = counts.map { $0.inName + $0.inCategory + $0.inSupplier }
        #expect(hits == hits.sorted(by: >), "\(hits)")
        for (a, b) in zip(counts, counts.dropFirst()) {
            let (hitsA, hitsB) = (a.inName + a.inCategory + a.inSupplier, b.inName + b.inCategory + b.inSupplier)
            #expect((a.score == b.score) == (hitsA == hitsB && a.tokens == b.tokens), "\(a.name) / \(b.name)")
            if hitsA == hitsB { #expect(a.tokens <= b.tokens, "\(a.name) / \(b.name)") }
        }
        // Smoked Goat Log (Cheeses) has its second hit in the supplier, Cold-Smoked Salmon Side in the
        // category: one hit in the name, one elsewhere, and 7 tokens each, so the same score.
        let goat = try #require(counts.first { $0.id == 20 })
        let salmon = try #require(counts.first { $0.id == 31 })
        #expect((goat.inCategory, goat.inSupplier, salmon.inCategory, salmon.inSupplier) == (0, 1, 1, 0))
        #expect(goat.score == salmon.score)
    }

    @Test func columnWeightsAndTheRankColumnReorderTheMatches() throws {
        let database = try freshDatabase()
        let names = { (ranking: String, function: String?) in
            try database.reader.read { db in
                try productNames(db, matching: #""gre"*"#, orderBy: ranking, rankFunction: function)
            }
        }
        let plain = try names("bm25(product_fts)", nil)
        let weighted = try names("bm25(product_fts, 10.0, 1.0, 1.0)", nil)
        #expect(plain.last == "Hojicha Roasted Green Tea")
        #expect(weighted.first == "Hojicha Roasted Green Tea")
        #expect(Set(plain) == Set(weighted))
        #expect(try names("rank", nil) == plain)  // rank is bm25() unless told otherwise
        #expect(try names("rank", "bm25(10.0, 1.0, 1.0)") == weighted)
    }

    func catalogNames() throws -> [String] {
        try freshDatabase().reader.read { db in
            try String.fetchAll(db, sql: "SELECT product FROM product_search ORDER BY ProductID")
        }
    }

    @Test func trigramFindsSubstringsAndPorterFindsWordForms() throws {
        let names = try catalogNames()
        let plain = try NameIndex(tokenize: searchTokenizer, names: names)
        let trigram = try NameIndex(tokenize: "trigram", names: names)
        let porter = try NameIndex(tokenize: "porter \(searchTokenizer)", names: names)
        let smoked = try plain.names(matching: "smoked")
        #expect(smoked.count == 4)
        #expect(try plain.names(matching: "moke").isEmpty)
        #expect(try trigram.names(matching: "moke") == smoked)
        #expect(try plain.names(matching: "smoking").isEmpty)
        #expect(try porter.names(matching: "smoking") == smoked)
        #expect(try porter.names(matching: "roasting") == ["Hojicha Roasted Green Tea"])
    }

    @Test func aPrefixIndexFindsTheSameInABiggerIndexAndOptimizeMerges() throws {
        let names = try catalogNames()
        let plain = try NameIndex(tokenize: searchTokenizer, names: names)
        let prefixed = try NameIndex(tokenize: searchTokenizer, prefix: "2 3", names: names)
        #expect(try prefixed.names(matching: "smo*") == plain.names(matching: "smo*"))
        #expect(try prefixed.names(matching: "sm*") == plain.names(matching: "sm*"))
        #expect(try prefixed.storage().bytes > plain.storage().bytes)
        let before = try plain.storage()
        let found = try plain.names(matching: "smoked")
        try plain.optimize()
        #expect(before.segments > 1)
        #expect(try plain.storage().segments == 1)
        #expect(try plain.names(matching: "smoked") == found)
    }

    /// The same name in NFD and in NFC: FTS5 does not fold one into the other
    /// (outside Latin letters); the app stores NFC and searches with NFC.
    @Test func unicodeFormsAreNotFolded() throws {
        let database = try freshDatabase()
        let nfc = "Φέτα Dodoni"
        let nfd = nfc.decomposedStringWithCanonicalMapping
        #expect(nfd == nfc && nfd.unicodeScalars.count == nfc.unicodeScalars.count + 1)  // Swift: equal
        let queue = try DatabaseQueue()
        try AppDatabase.migrator.migrate(queue)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO Products (ProductID, ProductName) VALUES (50, ?)", arguments: [nfd])
        }
        let feta = { try queue.read { db in try rankedHits(db, in: .products, .words("φέτα"), limit: 10) } }
        #expect(try feta().isEmpty)
        try queue.write { db in
            try db.execute(
                sql: "UPDATE Products SET ProductName = ? WHERE ProductID = 50", arguments: [storedName(nfd)])
        }
        #expect(try feta().map(\.title) == [nfc])
        // The app: a name typed in NFD is stored in NFC, and found typed either way.
        let id = try database.addProduct(name: nfd, categoryID: 4, supplierID: 2)
        let stored = try database.reader.read { db in
            try String.fetchOne(db, sql: "SELECT ProductName FROM Products WHERE ProductID = ?", arguments: [id])
        }
        #expect(stored.map { Array($0.unicodeScalars) } == Array(nfc.unicodeScalars))
        for typed in ["φέτα", "φε\u{0301}τα"] {
            #expect(try database.search(.words(typed), in: .products).map(\.id) == [String(id)], "\(typed)")
        }
    }
}
