// Exercise s10-trigger-fix · fix the code · chapter 10, "The index never drifts"
//
// Table: product (id INTEGER PRIMARY KEY, name TEXT NOT NULL), and its
// external-content index:
//   CREATE VIRTUAL TABLE product_fts USING fts5(name, content = 'product', content_rowid = 'id')
// These triggers should keep the index right whatever happens to the table.
// They do not: after a rename the old name is still found, and a deleted
// product is still found. Fix them.

let productTriggers = """
    CREATE TRIGGER product_fts_insert AFTER INSERT ON product BEGIN
      INSERT INTO product_fts(rowid, name) VALUES (new.id, new.name);
    END;

    CREATE TRIGGER product_fts_update AFTER UPDATE ON product BEGIN
      INSERT INTO product_fts(rowid, name) VALUES (new.id, new.name);
      INSERT INTO product_fts(product_fts, rowid, name) VALUES ('delete', old.id, old.name);
    END;

    CREATE TRIGGER product_fts_delete AFTER DELETE ON product BEGIN
      INSERT INTO product_fts(product_fts, rowid, name) VALUES ('delete', old.id, old.name);
    END;
    """
