import CourseTestSupport
import Foundation
import GRDB
import Testing

/// What GRDB's records and requests do, made to happen on real databases: what a record reads from a value
/// stored as another type, what a strategy converts, what `save` and `updateChanges` run, the SQL a request
/// becomes (docs/evidence, chapters 3 to 8).
@Suite struct GRDBRecordTests {
    struct Flag: Decodable, FetchableRecord {
        var discontinued: Bool
    }

    /// Chapter 6: a record decodes a `Bool` while its row is fetched, through `sqlite3_column_int64`, which
    /// converts text: '1' (any text that starts with a non-zero number) is true, '0' and 'yes' false, without
    /// an error. Only the value taken out of the statement (`Bool.fromDatabaseValue`, a copied row) refuses
    /// text.
    @Test func aRecordReadsABoolFromTextAndTheValueAloneRefusesIt() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(
                sql: "CREATE TABLE product (discontinued TEXT); INSERT INTO product VALUES ('0'), ('1'), ('yes'), ('2')"
            )
        }
        try queue.read { db in
            let sql = "SELECT discontinued FROM product ORDER BY rowid"
            #expect(try Flag.fetchAll(db, sql: sql).map(\.discontinued) == [false, true, false, true])
            #expect(try DatabaseValue.fetchAll(db, sql: sql).map(Bool.fromDatabaseValue) == [nil, nil, nil, nil])
            #expect(Bool.fromDatabaseValue(1.databaseValue) == true)
            let copied = try #require(try Row.fetchOne(db, sql: sql))
            #expect(throws: RowDecodingError.self) { try copied.decode(Bool.self, forColumn: "discontinued") }
        }
    }

    struct Stock: FetchableRecord {
        var name: String
        var unitsInStock: Int?
        init(row: Row) throws {
            name = try row.decode(forColumn: "name")
            unitsInStock = try row.decode(forColumn: "unitsInStock")
        }
    }

    /// Chapter 6: `row.decode(forColumn:)` in a fetched row throws for a missing column or a NULL where a
    /// value is required; a value of another storage class converts as SQLite converts it, with no error:
    /// the text 'lots' reads as the integer 0.
    @Test func rowDecodeThrowsForAMissingColumnOrANullAndConvertsAnyOtherValue() throws {
        let queue = try DatabaseQueue()
        try queue.read { db throws in
            #expect(try Stock.fetchOne(db, sql: "SELECT 'Chai' AS name, 'lots' AS unitsInStock")?.unitsInStock == 0)
            #expect(try Stock.fetchOne(db, sql: "SELECT 42 AS name, NULL AS unitsInStock")?.name == "42")
            #expect(throws: RowDecodingError.self) { try Stock.fetchOne(db, sql: "SELECT NULL AS name") }
            #expect(throws: RowDecodingError.self) { try Stock.fetchOne(db, sql: "SELECT 12 AS unitsInStock") }
        }
    }

    struct Body: Decodable, FetchableRecord {
        var englishName: String
        static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy { .convertFromSnakeCase }
    }

    struct BodyWithID: Decodable, FetchableRecord {
        var bodyID: String
        static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy { .convertFromSnakeCase }
    }

    /// Chapter 7: `.convertFromSnakeCase` converts each column's name to camelCase and looks for a property
    /// of that name: `english_name` becomes `englishName`. It never converts a property's name:
    /// `body_id` becomes `bodyId`, which is not `bodyID`.
    @Test func convertFromSnakeCaseConvertsTheColumnsNameNotTheProperty() throws {
        let queue = try DatabaseQueue()
        try queue.read { db throws in
            #expect(try Body.fetchOne(db, sql: "SELECT 'Earth' AS english_name")?.englishName == "Earth")
            #expect(throws: (any Error).self) { try BodyWithID.fetchOne(db, sql: "SELECT 'terre' AS body_id") }
            #expect(try BodyWithID.fetchOne(db, sql: "SELECT 'terre' AS bodyID")?.bodyID == "terre")
        }
    }

    struct Product: Codable, FetchableRecord, MutablePersistableRecord {
        var id: Int64?
        var name: String
        var unitsInStock: Int
        mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
    }

    /// The statements that write rows (GRDB also reads the schema on the way, and its transactions).
    static func writes(_ statement: String) -> Bool {
        ["INSERT", "UPDATE", "DELETE"].contains { statement.hasPrefix($0) }
    }

    static let productTable = "CREATE TABLE product (id INTEGER PRIMARY KEY, name TEXT NOT NULL, unitsInStock INTEGER)"

    /// Chapter 4: `save` updates the row with the record's id when there is one, and inserts otherwise:
    /// with no id, and with an id that no row has.
    @Test func saveUpdatesTheRowWithItsIdAndInsertsOtherwise() throws {
        let queue = try DatabaseQueue()
        let rows = try queue.write { db in
            try db.execute(sql: Self.productTable)
            var chai = Product(id: nil, name: "Chai", unitsInStock: 39)
            try chai.save(db)
            chai.name = "Chai tea"
            try chai.save(db)
            var stray = Product(id: 42, name: "Stray", unitsInStock: 0)
            try stray.save(db)
            return try Product.fetchAll(db, sql: "SELECT * FROM product ORDER BY id").map { "\($0.id ?? 0) \($0.name)" }
        }
        #expect(rows == ["1 Chai tea", "42 Stray"])
    }

    /// Chapters 6 and 8: `updateChanges` compares the record before and after: it runs no UPDATE when
    /// nothing differs, and one that sets only the changed column otherwise.
    @Test func updateChangesWritesOnlyWhatDiffersAndNothingWhenNothingDoes() throws {
        let log = StatementLog()
        let queue = try DatabaseQueue(configuration: log.configuration)
        let (unchanged, changed) = try queue.write { db in
            try db.execute(sql: Self.productTable)
            var chai = Product(id: nil, name: "Chai", unitsInStock: 39)
            try chai.insert(db)
            _ = log.take()
            let unchanged = try chai.updateChanges(db) { $0.unitsInStock = 39 }
            let changed = try chai.updateChanges(db) { $0.unitsInStock = 30 }
            return (unchanged, changed)
        }
        let statements = log.take().filter(Self.writes)
        #expect(!unchanged && changed)
        #expect(statements == [#"UPDATE "product" SET "unitsInStock"=? WHERE "id"=?"#], "\(statements)")
    }

    /// Chapter 3: comparing a column with a nil value is SQL's `IS NULL`, which finds the row (`= NULL`
    /// would find none).
    @Test func comparingAColumnWithNilIsIsNull() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(
                sql:
                    "CREATE TABLE player (id INTEGER PRIMARY KEY, teamID INTEGER); INSERT INTO player (teamID) VALUES (1), (NULL)"
            )
            let teamID: Int64? = nil
            let request = Table("player").filter(Column("teamID") == teamID)
            #expect(
                try request.makePreparedRequest(db).statement.sql == #"SELECT * FROM "player" WHERE "teamID" IS NULL"#)
            #expect(try request.fetchCount(db) == 1)
        }
    }

    /// Chapter 8: GRDB makes a `Date` from SQLite's date text, such as Northwind's '2016-07-04' (UTC).
    @Test func aDateIsMadeFromSQLitesDateText() throws {
        let queue = try DatabaseQueue()
        let date = try queue.read { db in try Date.fetchOne(db, sql: "SELECT '2016-07-04'") }
        let utc = try #require(TimeZone(identifier: "UTC"))
        let expected = DateComponents(
            calendar: Calendar(identifier: .gregorian), timeZone: utc, year: 2016, month: 7, day: 4)
        #expect(date == expected.date)
    }

    struct Category: TableRecord {
        static let databaseTableName = "category"
    }

    struct Shelved: TableRecord {
        static let databaseTableName = "shelved"
        static var category: BelongsToAssociation<Shelved, Category> { belongsTo(Category.self) }
    }

    /// Chapter 8: `including(required:)` is an inner join, which leaves out a product with no category;
    /// `including(optional:)` keeps it.
    @Test func includingRequiredLeavesOutARowWithoutItsParent() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE category (id INTEGER PRIMARY KEY);
                    CREATE TABLE shelved (id INTEGER PRIMARY KEY, categoryID INTEGER REFERENCES category(id));
                    INSERT INTO category VALUES (1); INSERT INTO shelved (categoryID) VALUES (1), (NULL);
                    """)
            #expect(try Shelved.including(required: Shelved.category).fetchCount(db) == 1)
            #expect(try Shelved.including(optional: Shelved.category).fetchCount(db) == 2)
        }
    }

    struct SolarBody: TableRecord {
        static let databaseTableName = "solar_body"
    }

    /// Chapter 7: `fetchCount` asks SQLite to count, and `columns(in:)` reads `PRAGMA table_xinfo`.
    @Test func fetchCountAsksSQLiteAndColumnsReadTableXinfo() throws {
        let log = StatementLog()
        let queue = try DatabaseQueue(configuration: log.configuration)
        try queue.write { db in try db.execute(sql: "CREATE TABLE solar_body (id TEXT PRIMARY KEY, name TEXT)") }
        _ = log.take()
        let count = try queue.read { db in try SolarBody.fetchCount(db) }
        #expect(count == 0)
        #expect(log.take().contains(#"SELECT COUNT(*) FROM "solar_body""#))
        let columns = try queue.read { db in try db.columns(in: "solar_body").map(\.name) }
        #expect(columns == ["id", "name"])
        #expect(log.take().contains(#"PRAGMA main.table_xinfo("solar_body")"#))
    }

    /// Chapter 10: `FTS5Pattern(matchingAllPrefixesIn:)` splits the text into words (the ascii tokenizer,
    /// whose tokens are never syntax) and makes each a prefix.
    @Test func matchingAllPrefixesMakesEveryWordAPrefix() throws {
        #expect(FTS5Pattern(matchingAllPrefixesIn: "smoked tr")?.rawPattern == "smoked* tr*")
        #expect(FTS5Pattern(matchingAllPrefixesIn: "o'clock \"tea\"")?.rawPattern == "o* clock* tea*")
    }

    struct Replaced: Codable, PersistableRecord {
        static let persistenceConflictPolicy = PersistenceConflictPolicy(insert: .replace)
        var id: Int64
        var name: String
    }

    /// Chapter 10: `insert(db, onConflict: .replace)`, and any insert of a record whose conflict policy
    /// says `.replace`, is `INSERT OR REPLACE`; `save` runs an `UPDATE` when the row exists.
    @Test func insertOnConflictReplaceIsInsertOrReplaceAndSaveUpdates() throws {
        let log = StatementLog()
        let queue = try DatabaseQueue(configuration: log.configuration)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE product (id INTEGER PRIMARY KEY, name TEXT, unitsInStock INTEGER)")
            try db.execute(sql: "CREATE TABLE replaced (id INTEGER PRIMARY KEY, name TEXT)")
            _ = log.take()
            var chai = Product(id: 1, name: "Chai", unitsInStock: 39)
            try chai.insert(db, onConflict: .replace)
            try Replaced(id: 1, name: "Chai").insert(db)
            try Replaced(id: 1, name: "Chai tea").save(db)
        }
        let statements = log.take().filter(Self.writes)
        #expect(
            statements == [
                #"INSERT OR REPLACE INTO "product" ("id", "name", "unitsInStock") VALUES (?,?,?)"#,
                #"INSERT OR REPLACE INTO "replaced" ("id", "name") VALUES (?,?)"#,
                #"UPDATE "replaced" SET "name"=? WHERE "id"=?"#,
            ], "\(statements)")
    }

    struct EncodedBody: Encodable, PersistableRecord {
        static let conversions = LockedCount()
        static let databaseTableName = "solar_body"
        static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy {
            .custom { key in
                conversions.add()
                return key.stringValue
            }
        }
        var englishName: String
        var bodyType: String
    }

    /// Chapter 7: an `Encodable` record's strategy converts each property's name again for every row
    /// written (3 rows of 2 properties: 6 conversions), whatever the strategy (`.custom` here, to count).
    @Test func anEncodingStrategyConvertsEveryNameAgainForEveryRow() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE solar_body (englishName TEXT, bodyType TEXT)")
            let before = EncodedBody.conversions.value
            for name in ["Earth", "Moon", "Mars"] { try EncodedBody(englishName: name, bodyType: "Planet").insert(db) }
            #expect(EncodedBody.conversions.value - before == 6)
        }
    }
}
