import Foundation
import GRDB

/// The databases of the scale section, generated at each size from the steps'
/// own schemas: step 6's `catalog.sql`, and the tables step 4 and step 7
/// create themselves the first time they open a file.
struct ScaleData {
    var settings: Settings

    /// Step 4: `step4 list` on a new file runs step 4's migrations; then
    /// `size` items with names in many cases and accents, as the collation sorts them.
    func items(_ size: Int) throws -> String {
        let path = settings.workDirectory.appendingPathComponent("items-\(size).sqlite").path
        if FileManager.default.fileExists(atPath: path) { return path }  // the indexed copy starts from it
        try runStep("step4", ["list", "--database", path], settings: settings)
        let db = try CConnection(path: path)
        try db.execute(
            """
            INSERT INTO item (name, quantity)
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(size))
            SELECT CASE i % 5 WHEN 0 THEN 'apple' WHEN 1 THEN 'Äpfel' WHEN 2 THEN 'banana'
                              WHEN 3 THEN 'Cherry' ELSE 'Øresund' END || ' ' || ((i * 7919) % 100003),
                   NULLIF(i % 10, 0)
            FROM n
            """)
        return path
    }

    /// Step 4 again, with an index on `name COLLATE itemName`: SQLite then
    /// reads the items in the list's order, and sorts nothing.
    ///
    /// Building that index needs the collation itself, which lives in
    /// ItemsKit, a target this package cannot import: `itemName` below is a
    /// copy of its comparison. A copy that differed would store the index in
    /// another order than step 4 expects, so the copy is checked: step 4
    /// must print the same list from the indexed file as from the plain one.
    func indexedItems(_ size: Int) throws -> String {
        let plain = try items(size)
        let path = try settings.freshPath("items-indexed-\(size).sqlite")
        try FileManager.default.copyItem(atPath: plain, toPath: path)
        try itemsQueue(path).write { db in
            try db.execute(sql: "CREATE INDEX item_name ON item (name COLLATE itemName)")
        }
        let list = ["list", "--order", "asc", "--database"]
        guard
            try runStep("step4", list + [plain], settings: settings, keepOutput: true)
                == runStep("step4", list + [path], settings: settings, keepOutput: true)
        else {
            throw BenchError(
                "step 4 lists the indexed items in another order: the copy of `itemName` "
                    + "in ScaleData.swift no longer matches Steps/ItemsKit/Ordering.swift")
        }
        return path
    }

    /// A connection that knows step 4's collation.
    func itemsQueue(_ path: String) throws -> DatabaseQueue {
        let itemName = DatabaseCollation("itemName") { lhs, rhs in  // as in Steps/ItemsKit/Ordering.swift
            let folded = lhs.compare(rhs, options: [.caseInsensitive, .diacriticInsensitive])
            return folded == .orderedSame ? lhs.compare(rhs, options: [.literal]) : folded
        }
        var configuration = Configuration()
        configuration.prepareDatabase { db in db.add(collation: itemName) }
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    /// What SQLite plans for step 4's ordered list in this file, e.g.
    /// "SCAN item; USE TEMP B-TREE FOR ORDER BY".
    func itemsListPlan(_ path: String) throws -> String {
        let sql = "EXPLAIN QUERY PLAN SELECT * FROM item ORDER BY name COLLATE itemName"
        return try itemsQueue(path).read { db in
            try Row.fetchAll(db, sql: sql).map { row -> String in row["detail"] }.joined(separator: "; ")
        }
    }

    /// Step 6: the bundled catalog's own SQL (its tables, categories and
    /// suppliers), then `size` products named after its 40, e.g. "Bitter
    /// Orange Marmalade #47": one product in 40 matches "Marmalade".
    func catalog(_ size: Int) throws -> String {
        let path = settings.workDirectory.appendingPathComponent("catalog-\(size).sqlite").path
        if FileManager.default.fileExists(atPath: path) { return path }  // search and edit share it
        let sql = try String(
            contentsOf: settings.root.appendingPathComponent("Steps/step6/Resources/catalog.sql"), encoding: .utf8)
        let db = try CConnection(path: path)
        try db.execute(sql)
        try db.execute(
            """
            CREATE TEMP TABLE model AS SELECT * FROM Products ORDER BY ProductID;
            DELETE FROM Products;
            INSERT INTO Products (ProductID, ProductName, SupplierID, CategoryID, QuantityPerUnit, UnitPrice,
                                  UnitsInStock, UnitsOnOrder, ReorderLevel, Discontinued)
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(size))
            SELECT i, model.ProductName || ' #' || i, model.SupplierID, model.CategoryID, model.QuantityPerUnit,
                   model.UnitPrice, model.UnitsInStock, model.UnitsOnOrder, model.ReorderLevel, model.Discontinued
            FROM n JOIN model ON model.rowid = 1 + (i - 1) % 40;
            """)
        return path
    }

    /// Step 7: a JSON answer shaped like the API's, with `size` bodies named
    /// after the 40 of `bodies-v1.json` ("Titan 17").
    func bodies(_ size: Int, changed: Bool) throws -> String {
        let fixture = settings.root.appendingPathComponent("Steps/step7/Resources/bodies-v1.json")
        let names = try JSONDecoder().decode(FixtureBodies.self, from: Data(contentsOf: fixture)).bodies.map(
            \.englishName)
        var lines: [String] = []
        for index in 0..<size {
            let englishName = "\(names[index % names.count]) \(index)"
            // `changed`: one body in 100 has a new gravity, as a later answer of the API might.
            let gravity = changed && index % 100 == 0 ? 2.5 : 1.5
            lines.append(
                """
                {"id": "body-\(index)", "name": "Corps \(index)", "englishName": "\(englishName)", "bodyType": "Moon", \
                "density": 1.5, "gravity": \(gravity), "meanRadius": 100.0, "discoveredBy": "", "discoveryDate": "", \
                "aroundPlanet": null}
                """)
        }
        let path = settings.workDirectory.appendingPathComponent("bodies-\(size)\(changed ? "-changed" : "").json").path
        try Data(("{\"bodies\": [\n" + lines.joined(separator: ",\n") + "\n]}\n").utf8).write(
            to: URL(fileURLWithPath: path))
        return path
    }

    /// Where step 7's cache goes for a size.
    func cachePath(_ size: Int) -> String {
        settings.workDirectory.appendingPathComponent("cache-\(size).sqlite").path
    }

    /// A cache that `step7 sync` filled with `size` bodies.
    func syncedCache(_ size: Int) throws -> String {
        let path = try settings.freshPath("cache-synced-\(size).sqlite")
        try runStep("step7", ["sync", try bodies(size, changed: false), "--database", path], settings: settings)
        return path
    }
}

/// The one field of the fixture the names are taken from.
private struct FixtureBodies: Decodable {
    struct Body: Decodable { var englishName: String }
    var bodies: [Body]
}
