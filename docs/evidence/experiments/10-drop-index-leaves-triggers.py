"""Claim (chapter 10): dropping the FTS5 table of an external-content index leaves the triggers on its
content table, and the next write to that table fails (no such table); dropping the content table drops
its triggers.

Two runs on the same schema; each drops one of the two tables.
"""

import lab

SCHEMA = """
CREATE TABLE body (id TEXT NOT NULL PRIMARY KEY, name TEXT NOT NULL);
CREATE VIRTUAL TABLE body_fts USING fts5(name, content = 'body');
CREATE TRIGGER __body_fts_ai AFTER INSERT ON body BEGIN
  INSERT INTO body_fts (rowid, name) VALUES (new.rowid, new.name); END;
"""
TRIGGERS = "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger'"

db = lab.Connection(":memory:")
db.execute(SCHEMA + "DROP TABLE body_fts;")
left = db.value(TRIGGERS)
error = db.fails("INSERT INTO body VALUES ('vesta', 'Vesta')")
lab.check(left == "1" and "no such table: main.body_fts" in error.message, f"{left} trigger, {error}")
db.execute("DROP TRIGGER __body_fts_ai; INSERT INTO body VALUES ('vesta', 'Vesta')")
db.close()

db = lab.Connection(":memory:")
db.execute(SCHEMA + "DROP TABLE body;")
gone = db.value(TRIGGERS)
lab.check(gone == "0", f"after DROP TABLE body: {gone} triggers")
db.close()

lab.report(f"DROP TABLE body_fts: {left} trigger left on body, the next INSERT fails: {error.message}; "
           f"DROP TABLE body: {gone} trigger left")
