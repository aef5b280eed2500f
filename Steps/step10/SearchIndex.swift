import GRDB

// Step 10's migration: two full-text indexes, each kept in sync with its
// table by triggers, so that no code path (this step's, step 6's `edit`,
// the sqlite3 shell) can change a name without the index following.

/// The tokenizer of both indexes: words are runs of letters and digits,
/// lowercased, with accents removed from Latin letters ("Élan" → "elan").
let searchTokenizer = "unicode61 remove_diacritics 2"

// [docs:product-index]
/// The catalog's index: a product's name, its category's and its supplier's,
/// three columns a query can name (`category: cheeses`).
///
/// An *external-content* FTS5 table stores only the index, never the text:
/// `content='product_search'` tells FTS5 where to read a row's text back
/// (for `snippet` and `highlight`) by its rowid, `content_rowid='ProductID'`.
/// The names live in three tables, so the content is a view that joins them.
/// In return, keeping the index right is our job: FTS5 never reads the
/// tables on its own. The triggers below do it.
func createProductIndex(_ db: Database) throws {
    try db.execute(
        sql: """
            CREATE VIEW product_search AS
            SELECT Products.ProductID AS ProductID, ProductName AS product,
                   CategoryName AS category, CompanyName AS supplier
            FROM Products
            LEFT JOIN Categories ON Categories.CategoryID = Products.CategoryID
            LEFT JOIN Suppliers ON Suppliers.SupplierID = Products.SupplierID;

            CREATE VIRTUAL TABLE product_fts USING fts5(
                product, category, supplier,
                content = 'product_search', content_rowid = 'ProductID',
                tokenize = '\(searchTokenizer)');
            """)
    try db.execute(sql: productTriggers)
    // Index the rows already there (a catalog copied by step 6, or made by step 8).
    try db.execute(sql: "INSERT INTO product_fts(product_fts) VALUES('rebuild')")
}
// [/docs:product-index]

// [docs:product-triggers]
/// Five triggers. An external-content index forgets a row only when told
/// the row's *old* text (`'delete'` with the values it indexed), so each
/// trigger removes the old entry before adding the new one.
let productTriggers = """
    CREATE TRIGGER product_fts_insert AFTER INSERT ON Products BEGIN
      INSERT INTO product_fts(rowid, product, category, supplier)
      SELECT ProductID, product, category, supplier FROM product_search WHERE ProductID = new.ProductID;
    END;

    CREATE TRIGGER product_fts_delete AFTER DELETE ON Products BEGIN
      INSERT INTO product_fts(product_fts, rowid, product, category, supplier)
      VALUES ('delete', old.ProductID, old.ProductName,
              (SELECT CategoryName FROM Categories WHERE CategoryID = old.CategoryID),
              (SELECT CompanyName FROM Suppliers WHERE SupplierID = old.SupplierID));
    END;

    CREATE TRIGGER product_fts_update AFTER UPDATE OF ProductID, ProductName, CategoryID, SupplierID ON Products
    BEGIN
      INSERT INTO product_fts(product_fts, rowid, product, category, supplier)
      VALUES ('delete', old.ProductID, old.ProductName,
              (SELECT CategoryName FROM Categories WHERE CategoryID = old.CategoryID),
              (SELECT CompanyName FROM Suppliers WHERE SupplierID = old.SupplierID));
      INSERT INTO product_fts(rowid, product, category, supplier)
      SELECT ProductID, product, category, supplier FROM product_search WHERE ProductID = new.ProductID;
    END;

    CREATE TRIGGER product_fts_category AFTER UPDATE OF CategoryName ON Categories BEGIN
      INSERT INTO product_fts(product_fts, rowid, product, category, supplier)
      SELECT 'delete', ProductID, product, old.CategoryName, supplier
      FROM product_search WHERE ProductID IN (SELECT ProductID FROM Products WHERE CategoryID = old.CategoryID);
      INSERT INTO product_fts(rowid, product, category, supplier)
      SELECT ProductID, product, category, supplier
      FROM product_search WHERE ProductID IN (SELECT ProductID FROM Products WHERE CategoryID = new.CategoryID);
    END;

    CREATE TRIGGER product_fts_supplier AFTER UPDATE OF CompanyName ON Suppliers BEGIN
      INSERT INTO product_fts(product_fts, rowid, product, category, supplier)
      SELECT 'delete', ProductID, product, category, old.CompanyName
      FROM product_search WHERE ProductID IN (SELECT ProductID FROM Products WHERE SupplierID = old.SupplierID);
      INSERT INTO product_fts(rowid, product, category, supplier)
      SELECT ProductID, product, category, supplier
      FROM product_search WHERE ProductID IN (SELECT ProductID FROM Products WHERE SupplierID = new.SupplierID);
    END;
    """
// [/docs:product-triggers]

// [docs:body-index]
/// The bodies' index, made by GRDB: `synchronize(withTable:)` declares
/// `content='solar_body'` and writes the three triggers (insert, delete,
/// update) that the catalog's index needed by hand, then fills the index.
/// The tour prints the SQL it created, read back from `sqlite_schema`.
func createBodyIndex(_ db: Database) throws {
    // CREATE VIRTUAL TABLE "body_fts" USING fts5(english_name, name, discovered_by,
    //   tokenize='''unicode61'' ''remove_diacritics'' ''2''', content='solar_body')
    // CREATE TRIGGER "__body_fts_ai" AFTER INSERT ON "solar_body" …  (and _ad, _au)
    // INSERT INTO "body_fts"("body_fts") VALUES('rebuild')
    try db.create(virtualTable: "body_fts", using: FTS5()) { t in
        t.synchronize(withTable: "solar_body")
        t.tokenizer = .unicode61(diacritics: .remove)
        t.column("english_name")
        t.column("name")
        t.column("discovered_by")
    }
}
// [/docs:body-index]
