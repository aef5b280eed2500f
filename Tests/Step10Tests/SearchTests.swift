import CourseCore
import CourseTestSupport
import Foundation
import GRDB
import Testing

@testable import step10

/// A fresh in-memory database: step 10's migrations, then step 7's bodies-v1.json.
func freshDatabase() throws -> AppDatabase {
    let database = try AppDatabase.open(.inMemory, trace: false, narrator: RecordedLines().narrator)
    _ = try database.syncBodies(json: try bodiesJSON("v1").json)
    return database
}

/// Search input, ranking, snippets, prefixes and accents, on real FTS5 indexes.
@Suite struct SearchTests {
    @Test func everyWordIsQuotedAndTheLastIsAPrefix() {
        #expect(safePattern("smoked tro") == #""smoked" "tro"*"#)
        #expect(safePattern(#"say "hi"#) == #""say" """hi"*"#)
        #expect(safePattern(" - ( \" ") == nil)
        // A word with no token is dropped, so the `*` goes on the last word that has one.
        #expect(safePattern("tea -") == #""tea"*"#)
    }

    /// Each character or word with a meaning in FTS5, typed alone and among words:
    /// searched as words, never an error, in both indexes.
    @Test(
        arguments: [
            #"""#, "*", "-", "AND", "OR", "NOT", "NEAR(", ":", "(", ")", "^", "+", "{", "}", "category:",
            // Not operators, but not bareword characters either: outside quotes, each is a syntax error.
            ".", "'", "/", "#", "@", ",", "tea.", "o'clock", "a/b",
        ])
    func syntaxTypedIntoSearchIsSearchedAsWords(_ typed: String) throws {
        let database = try freshDatabase()
        func found(_ text: String, _ index: FullTextIndex) throws -> [String] {
            try database.search(.words(text), in: index).map { "\($0.id)" }
        }
        // A character FTS5's tokenizer drops adds no word: each text finds what it finds without it.
        // A word (AND, category, o'clock) is one more word to match: it can only narrow the search.
        let addsNoWord = !typed.contains { $0.isLetter }
        for (word, index) in [("smoked", FullTextIndex.products), ("moon", .bodies)] {
            let plain = try found(word, index)
            #expect(!plain.isEmpty, "\(word) finds nothing in \(index)")
            for text in ["\(word) \(typed)", "\(typed) \(word)"] {
                let hits = try found(text, index)
                #expect(addsNoWord ? hits == plain : Set(hits).isSubset(of: plain), "\(text): \(hits)")
            }
            // Inside a word, such a character splits it: the two halves are a phrase (`"smoked tr"*`).
            let split = try found("\(word)\(typed)tr", index)
            let phrase = try database.search(.raw("\"\(word) tr\"*"), in: index).map { "\($0.id)" }
            #expect(addsNoWord ? split == phrase : split.allSatisfy(plain.contains), "\(word)\(typed)tr: \(split)")
        }
        #expect(try found("tea \(typed) honey", .products).allSatisfy(try found("tea honey", .products).contains))
        if addsNoWord { #expect(try found(typed, .products).isEmpty) }
        // As FTS5 syntax, each is an error (but `tea *`, where FTS5 ignores a lone star): the quoting is what protects.
        if typed != "*" {
            #expect(throws: DatabaseError.self) { try database.search(.raw("tea \(typed)"), in: .products) }
        }
    }

    /// FTS5's rule for a bareword, on the real FTS5: outside quotes, only letters,
    /// digits, `_` and non-ASCII characters; AND, OR and NOT are operators only in
    /// capitals, NEAR only as `NEAR(`; an empty phrase is ignored, not an error.
    @Test func theBarewordRuleOfFTS5() throws {
        let database = try freshDatabase()
        let tea = try database.search(.raw("tea"), in: .products).map(\.id)
        for text in ["tea.", "o'clock", "a/b", "#", "@", "tea AND", "NOT tea", "NEAR(tea"] {
            #expect(throws: DatabaseError.self, "\(text)") { try database.search(.raw(text), in: .products) }
        }
        for text in ["tea_", "tea and", "tea or", "not tea", "near tea", "NEAR tea", "thé"] {
            #expect(throws: Never.self, "\(text)") { try database.search(.raw(text), in: .products) }
        }
        // An empty phrase (nothing the tokenizer keeps) is ignored: the query is the rest of it.
        #expect(try database.search(.raw(#""" tea"#), in: .products).map(\.id) == tea)
        #expect(try database.search(.raw(#""-" tea"#), in: .products).map(\.id) == tea)
        #expect(try database.search(.raw(#""-""#), in: .products).isEmpty)
        // Quoted, each bareword error is a word: "o'clock" is the tokens o and clock, side by side.
        _ = try database.addProduct(name: "Four O'Clock Tea.", categoryID: 1, supplierID: 1)
        #expect(try database.search(.words("o'clock tea."), in: .products).map(\.title) == ["Four O'Clock Tea."])
    }

    /// A typed text in NFD (an accent as a separate mark) is put in NFC, scalar by scalar
    /// (Swift's `==` would call the two forms equal, FTS5 does not: see `unicodeFormsAreNotFolded`).
    @Test func theTypedTextIsPutInNFC() {
        let pattern = safePattern("φε\u{0301}τα")
        #expect(pattern.map { Array($0.unicodeScalars) } == Array("\"φ\u{03AD}τα\"*".unicodeScalars))
    }

    @Test func anOperatorWordIsAWordToo() throws {
        let database = try freshDatabase()
        _ = try database.addProduct(name: "Near And Far Oats", categoryID: 5, supplierID: 1)
        #expect(try database.search(.words("NEAR( and"), in: .products).map(\.title) == ["Near And Far Oats"])
    }

    @Test func theLastWordIsAPrefixAndResultsAreRankedByBM25() throws {
        let database = try freshDatabase()
        let hits = try database.search(.words("smo"), in: .products)
        // Every product whose name, category or supplier has a word starting with "smo", read from the tables.
        let expected = try database.reader.read { db in
            try Row.fetchAll(db, sql: "SELECT ProductID, product, category, supplier FROM product_search")
                .filter { row in
                    [row["product"], row["category"], row["supplier"]].compactMap { $0 as String? }
                        .flatMap { $0.lowercased().split { !$0.isLetter } }.contains { $0.hasPrefix("smo") }
                }
                .map { String($0["ProductID"] as Int64) }
        }
        #expect(Set(hits.map(\.id)) == Set(expected))
        #expect(hits.count > 4)
        #expect(hits.map(\.score) == hits.map(\.score).sorted())
        #expect(hits.allSatisfy { $0.snippet.contains("[Smo") }, "\(hits.map(\.snippet))")
    }

    @Test func accentsAreFoldedButNotØ() throws {
        let database = try freshDatabase()
        _ = try database.addProduct(name: "Élan Oat Biscuits", categoryID: 3, supplierID: 2)
        _ = try database.addProduct(name: "Øresund Pickled Herring", categoryID: 6, supplierID: 2)
        for text in ["elan", "ÉLAN", "Elan", "élan"] {
            #expect(try database.search(.words(text), in: .products).map(\.title) == ["Élan Oat Biscuits"], "\(text)")
        }
        #expect(try database.search(.words("oresund"), in: .products).isEmpty)
        #expect(try database.search(.words("ØRESUND"), in: .products).map(\.title) == ["Øresund Pickled Herring"])
        #expect(try database.indexedTerms(["elan", "oresund", "øresund"]) == ["elan", "øresund"])
    }

    @Test func phraseNearAndColumnFilters() throws {
        let database = try freshDatabase()
        let cheeses = try database.reader.read { db in
            try String.fetchAll(db, sql: "SELECT product FROM product_search WHERE category = 'Cheeses'")
        }
        #expect(Set(try database.search(.raw("category: cheeses"), in: .products).map(\.title)) == Set(cheeses))
        #expect(try database.search(.raw("\"trout smoked\""), in: .products).isEmpty)  // a phrase keeps its order
        #expect(try database.search(.raw("\"smoked trout\""), in: .products).count == 1)
        #expect(try database.search(.raw("NEAR(smoked side, 0)"), in: .products).isEmpty)  // "salmon" sits between
        #expect(try database.search(.raw("NEAR(smoked side, 1)"), in: .products).count == 1)
        #expect(try database.search(.raw("NEAR(side smoked, 1)"), in: .products).count == 1)  // in any order
        // A column filter: one column, or several in braces.
        #expect(try database.search(.raw("product: kestrel"), in: .products).map(\.id) == ["27"])
        #expect(try database.search(.raw("category: kestrel"), in: .products).isEmpty)
        #expect(try database.search(.raw("{product supplier}: kestrel"), in: .products).count == 3)
        let herschel = try database.search(.raw("discovered_by: \"william herschel\""), in: .bodies)
        let discovered = try database.reader.read { db in
            try String.fetchAll(db, sql: "SELECT id FROM solar_body WHERE discovered_by = 'William Herschel'")
        }
        #expect(Set(herschel.map(\.id)) == Set(discovered))
    }
}
