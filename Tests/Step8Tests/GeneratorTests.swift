import CourseTestSupport
import Foundation
import GRDB
import RecordGenerator
import Testing

/// Runs the generator on `sql` saved as `name` in a fresh folder.
func generate(_ sql: String, name: String = "schema.sql") throws -> GeneratedFile {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try sql.write(toFile: directory.file(name), atomically: true, encoding: .utf8)
    return try #require(try generateRecords(from: [directory.file(name)]).first)
}

@Suite struct GeneratorTests {
    @Test func literalDefaultsBecomeSwiftLiteralsNotSQLText() throws {
        let file = try generate(
            "CREATE TABLE t (a TEXT NOT NULL DEFAULT '', b TEXT DEFAULT 'x\"y\\z', c INTEGER DEFAULT (1 + 2));")
        #expect(file.source.contains(#"a: String = "","#))
        #expect(file.source.contains(#"b: String? = "x\"y\\z","#))
        #expect(file.source.contains("c: Int64? = 3"))
        #expect(!file.source.contains(#""''""#))
    }

    @Test func aNonConstantDefaultIsNotFrozenIntoSwift() throws {
        let file = try generate("CREATE TABLE t (a INTEGER NOT NULL DEFAULT (random()));")
        #expect(file.source.contains("a: Int64\n"))
    }

    @Test func anUnmappableTypeWarnsWithTableColumnAndTheTypeChosen() throws {
        let file = try generate("CREATE TABLE prices (amount MONEY, raw);")
        #expect(file.warnings.count == 2)
        #expect(file.warnings[0].contains("warning: prices.amount: declared type MONEY"))
        #expect(file.warnings[0].hasSuffix("generated as Double"))
        #expect(file.warnings[1].contains("prices.raw") && file.warnings[1].hasSuffix("generated as Data"))
    }

    @Test func aSyntaxErrorPointsAtTheFileAndLineWithSQLitesMessage() throws {
        let sql = "CREATE TABLE a (id INTEGER);\n\n/* comment */\nCREATE TABEL b (id INTEGER);\n"
        // do/catch, not #expect(throws:): Swift 6.3.1 crashes on closures inside it.
        do {
            _ = try generate(sql, name: "bad.sql")
            Issue.record("a syntax error generated records")
        } catch {
            #expect("\(error)".hasSuffix("bad.sql:4:8: error: near \"TABEL\": syntax error"))
        }
    }

    @Test func aDatabaseFileGivesTheSameRecordsAsItsSQL() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let sql =
            "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, team_id INTEGER REFERENCES team (id));\nCREATE TABLE team (id INTEGER PRIMARY KEY);"
        try DatabaseQueue(path: directory.file("players.sqlite")).write { db in try db.execute(sql: sql) }
        try sql.write(toFile: directory.file("players.sql"), atomically: true, encoding: .utf8)
        let fromFile = try generateRecords(from: [directory.file("players.sqlite")])[0].source
        let fromSQL = try generateRecords(from: [directory.file("players.sql")])[0].source
        // Only the header, the file name, and the embedded SQL differ.
        func records(_ source: String) throws -> String {
            let start = try #require(source.range(of: "// MARK: - ")).lowerBound
            let end = try #require(source.range(of: "/// players.sql")).lowerBound
            return String(source[start..<end])
        }
        #expect(try records(fromFile) == records(fromSQL))
        #expect(fromFile.contains("public static let team = belongsTo(Team.self"))
    }

    @Test func aTableInTwoFilesIsAnError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for name in ["one.sql", "two.sql"] {
            try "CREATE TABLE t (id INTEGER PRIMARY KEY);".write(
                toFile: directory.file(name), atomically: true, encoding: .utf8)
        }
        do {
            _ = try generateRecords(from: [directory.file("one.sql"), directory.file("two.sql")])
            Issue.record("a table defined twice generated records")
        } catch {
            #expect("\(error)".contains("table t is also defined in"))
        }
    }

    /// What a learner sees when the schema changes: a new column is a new
    /// property; a renamed one takes the old property away (and every use of
    /// it stops compiling).
    @Test func aSchemaChangeChangesTheRecord() throws {
        let before = try generate("CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL);").source
        let added = try generate("CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, notes TEXT);").source
        let renamed = try generate("CREATE TABLE item (id INTEGER PRIMARY KEY, title TEXT NOT NULL);").source
        #expect(!before.contains("public var notes") && added.contains("public var notes: String?"))
        #expect(before.contains("public var name: String") && !renamed.contains("public var name"))
        #expect(renamed.contains("public var title: String"))
    }

    /// The executable, as the plugin runs it: a bad schema exits 1 with the
    /// error on stderr, and leaves no output file behind, not even an old one.
    @Test func theExecutableWritesNothingWhenTheSchemaIsBad() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = directory.file("bad.sql")
        let output = directory.file("out")
        try "CREATE TABLE ok (id INTEGER PRIMARY KEY);".write(toFile: input, atomically: true, encoding: .utf8)
        let good = try StepProcess.run("generate-records", ["--output", output, input], in: directory)
        #expect(good.status == 0)
        let generated = output + "/bad.records.swift"
        #expect(FileManager.default.fileExists(atPath: generated))

        try "CREATE TABLE ok (id INTEGER PRIMARY KEY,);".write(toFile: input, atomically: true, encoding: .utf8)
        let bad = try StepProcess.run("generate-records", ["--output", output, input], in: directory)
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("bad.sql:1:41: error: near \")\": syntax error"))
        #expect(!FileManager.default.fileExists(atPath: generated))
        #expect(try FileManager.default.contentsOfDirectory(atPath: output).isEmpty)
    }
}
