import CourseCore
import CourseGRDB
import CourseTestSupport
import Foundation
import GRDB
import Testing

/// `--trace` prints a long value shortened, with its length; the statement that runs is unchanged.
@Suite struct TraceLiteralsTests {
    /// A GRDB connection traced as a step's `--trace` traces it: a 14,213-character
    /// document is printed as its first characters and its length, and stored whole.
    @Test func aLongValueIsShortenedInTheTraceAndStoredWhole() throws {
        let lines = RecordedLines()
        let queue = try DatabaseQueue(configuration: CourseGRDB.configuration(trace: true, narrator: lines.narrator))
        let document = #"{"bodies":["# + String(repeating: "x", count: 14_213 - 12) + "]"
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE doc (body TEXT NOT NULL)")
            try db.execute(sql: "INSERT INTO doc (body) VALUES (?)", arguments: [document])
        }
        let insert = try #require(lines.all.first { $0.contains("INSERT INTO doc") })
        #expect(insert == #"   SQL> INSERT INTO doc (body) VALUES ('{"bodies":[xxxxxxxxx…' (14,213 characters))"#)
        #expect(try queue.read { db in try String.fetchOne(db, sql: "SELECT body FROM doc") } == document)
    }

    @Test func shortValuesIdentifiersAndQuotesAreKept() {
        let limit = String(repeating: "a", count: TraceLiterals.limit)
        // A value of `limit` characters is printed whole; one more is shortened.
        #expect(TraceLiterals.shortened("SELECT '\(limit)'") == "SELECT '\(limit)'")
        #expect(
            TraceLiterals.shortened("SELECT '\(limit)b'")
                == "SELECT '\(String(repeating: "a", count: TraceLiterals.kept))…' (61 characters)")
        // A doubled quote is one character of the value, and is never cut in half.
        let quoted = String(repeating: "'", count: 2 * 70)  // 70 quotes, each written ''
        #expect(
            TraceLiterals.shortened("SELECT '\(quoted)'")
                == "SELECT '\(String(repeating: "'", count: 2 * TraceLiterals.kept))…' (70 characters)")
        // A quote inside a double-quoted identifier starts no value.
        let identifier = #"SELECT "it's" FROM t WHERE x = 'short'"#
        #expect(TraceLiterals.shortened(identifier) == identifier)
        #expect(TraceLiterals.shortened("SELECT 'unclosed") == "SELECT 'unclosed")
        // A quote inside a comment starts no value either (step 7's migration has "API's" in one).
        let comments = "/* the API's names */ SELECT 1 - 2 / 1 -- it's\nFROM t"
        #expect(TraceLiterals.shortened(comments) == comments)
        #expect(TraceLiterals.shortened("/* unclosed") == "/* unclosed")
        #expect(
            TraceLiterals.shortened("SELECT '\(String(repeating: "z", count: 1_234_567))'").hasSuffix(
                "(1,234,567 characters)"))
    }
}
