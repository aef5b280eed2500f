"""Claim (chapter 10): INSERT OR REPLACE on a row that exists deletes it without firing its DELETE
trigger unless `PRAGMA recursive_triggers` is on, so an external-content index that relies on that
trigger keeps the old entry; the upsert (INSERT … ON CONFLICT DO UPDATE) is an UPDATE, keeps the rowid and
fires the UPDATE trigger.

Three runs on the same fresh table and triggers (GRDB's, for a table whose key is TEXT); each changes one
thing: REPLACE with recursive_triggers off, REPLACE with it on, the upsert with it off.
"""

import lab

SCHEMA = """
CREATE TABLE body (id TEXT NOT NULL PRIMARY KEY, name TEXT NOT NULL);
CREATE VIRTUAL TABLE body_fts USING fts5(name, content = 'body');
CREATE TRIGGER ai AFTER INSERT ON body BEGIN
  INSERT INTO body_fts (rowid, name) VALUES (new.rowid, new.name); END;
CREATE TRIGGER ad AFTER DELETE ON body BEGIN
  INSERT INTO body_fts (body_fts, rowid, name) VALUES ('delete', old.rowid, old.name); END;
CREATE TRIGGER au AFTER UPDATE ON body BEGIN
  INSERT INTO body_fts (body_fts, rowid, name) VALUES ('delete', old.rowid, old.name);
  INSERT INTO body_fts (rowid, name) VALUES (new.rowid, new.name); END;
INSERT INTO body VALUES ('lune', 'Moon'), ('terre', 'Earth');
"""
CHECK = "INSERT INTO body_fts (body_fts, rank) VALUES ('integrity-check', 1)"


def run(recursive, statement):
    db = lab.Connection(":memory:")
    db.execute(SCHEMA + f"PRAGMA recursive_triggers = {recursive};")
    db.execute(statement)
    rowid = db.value("SELECT rowid FROM body WHERE id = 'lune'")
    moon = db.execute("SELECT rowid FROM body_fts WHERE body_fts MATCH 'moon'")
    try:
        db.execute(CHECK)
        check = "passed"
    except lab.SQLiteError as error:
        check = error.name
    db.close()
    return rowid, moon, check


REPLACE = "INSERT OR REPLACE INTO body (id, name) VALUES ('lune', 'Luna')"
UPSERT = "INSERT INTO body (id, name) VALUES ('lune', 'Luna') ON CONFLICT (id) DO UPDATE SET name = excluded.name"
off = run("OFF", REPLACE)
lab.check(off == ("3", [["1"]], "SQLITE_CORRUPT_VTAB"), f"REPLACE, recursive_triggers off: {off}")
on = run("ON", REPLACE)
lab.check(on == ("3", [], "passed"), f"REPLACE, recursive_triggers on: {on}")
upsert = run("OFF", UPSERT)
lab.check(upsert == ("1", [], "passed"), f"upsert: {upsert}")

lab.report(f"REPLACE: lune's rowid 1 → 3; recursive_triggers off: 'moon' still at rowid 1, integrity-check "
           f"{off[2]}; on: the delete trigger fired, check {on[2]}; upsert: rowid stays 1, check {upsert[2]}")
