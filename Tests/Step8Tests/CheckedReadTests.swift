import Foundation
import GRDB
import Testing

// What the generated records read from an ordinary table, whose columns may
// hold any value whatever their declared type, and from a STRICT table's ANY
// column. The records are the plugin's, from Schema/Fixtures.sql.

/// The error a fetch of `Note` throws once `column` holds `value` (SQL).
func noteReadError(setting column: String, to value: String) throws -> String {
    try fixtureDatabase().write { db in
        try Note(count: 1, price: 2.5).insert(db)
        try db.execute(sql: "UPDATE note SET \(column) = \(value)")
        let error = #expect(throws: (any Error).self) { try Note.fetchAll(db) }
        return error.map { "\($0)" } ?? "no error"
    }
}

@Suite struct CheckedReadTests {
    // [docs:checked-read]
    /// Text in an INTEGER column of an ordinary table: GRDB alone reads it as
    /// 0 (sqlite3_column_int64); the generated record's read fails instead,
    /// naming the table, the column and the value.
    @Test func textInAnIntegerColumnFailsTheReadNamingTableColumnAndValue() throws {
        let (zero, message) = try fixtureDatabase().write { db in
            try db.execute(sql: "INSERT INTO note (count) VALUES ('abc')")
            let zero = try Int64.fetchOne(db, sql: "SELECT count FROM note")
            let error = #expect(throws: (any Error).self) { try Note.fetchOne(db) }
            return (zero, error.map { "\($0)" })
        }
        #expect(zero == 0)
        #expect(message?.hasPrefix(#"note.count holds "abc", which Int64 cannot hold"#) == true)
    }

    /// A guessed type meets a value it cannot hold: NUMERIC → Double, and
    /// the text 'hello'. GRDB alone would read 0.0.
    @Test func textInANumericColumnFailsTheReadInsteadOfZero() throws {
        let message = try noteReadError(setting: "price", to: "'hello'")
        #expect(message.hasPrefix(#"note.price holds "hello", which Double? cannot hold"#), "\(message)")
    }
    // [/docs:checked-read]

    /// A BOOLEAN column holding 2: `Bool` would write it back as 1, so the read fails.
    @Test func aBooleanOtherThanZeroOrOneFailsTheRead() throws {
        let message = try noteReadError(setting: "flag", to: "2")
        #expect(message.hasPrefix("note.flag holds 2, which Bool cannot hold"), "\(message)")
    }

    /// A blob in a TEXT column: `String` would read its bytes as UTF-8 and
    /// write back text, so the read fails.
    @Test func aBlobInATextColumnFailsTheRead() throws {
        let message = try noteReadError(setting: "\"class\"", to: "x'6869'")
        #expect(message.hasPrefix("note.class holds Data(2 bytes), which String? cannot hold"), "\(message)")
    }

    /// A NUMERIC column's integer reads as a Double, and the save writes the
    /// integer back: NUMERIC affinity stores 18.0 as 18.
    @Test func aNumericColumnsIntegerSurvivesASaveAsAnInteger() throws {
        let (price, stored) = try fixtureDatabase().write { db in
            try db.execute(sql: "INSERT INTO note (price) VALUES (18)")
            let note = try #require(try Note.fetchOne(db))
            try db.execute(sql: "DELETE FROM note")
            try note.insert(db)
            return (note.price, try String.fetchOne(db, sql: "SELECT typeof(price) || ' ' || quote(price) FROM note"))
        }
        #expect(price == 18.0)
        #expect(stored == "integer 18")
    }

    /// A column with no declared type is DatabaseValue: any value, as it was.
    @Test func anUntypedColumnHoldsAnyValueAsItWas() throws {
        let read = try fixtureDatabase().write { db in
            try db.execute(sql: "INSERT INTO note (untyped) VALUES ('hello'), (12), (1.5), (x'00ff'), (NULL)")
            return try Note.fetchAll(db).map(\.untyped)
        }
        #expect(
            read == ["hello".databaseValue, 12.databaseValue, 1.5.databaseValue, Data([0, 255]).databaseValue, .null])
    }

    /// A STRICT table's ANY column is DatabaseValue too: every storage class
    /// is read and saved back with the same type and bytes.
    @Test func aStrictAnyColumnKeepsEveryValueThroughASave() throws {
        let (values, before, after) = try fixtureDatabase().write { db in
            try db.execute(sql: "INSERT INTO anything (value) VALUES ('hello'), (12), (1.5), (x'00ff'), (NULL), ('12')")
            let quoted = "SELECT group_concat(typeof(value) || ':' || quote(value), ' ') FROM anything"
            let before = try String.fetchOne(db, sql: quoted)
            let records = try Anything.fetchAll(db)
            for record in records { try record.update(db) }
            return (records.map(\.value), before, try String.fetchOne(db, sql: quoted))
        }
        #expect(values[0] == "hello".databaseValue && values[5] == "12".databaseValue)
        #expect(before == "text:'hello' integer:12 real:1.5 blob:X'00FF' null:NULL text:'12'")
        #expect(after == before)
    }
}
