"""Claim (chapter 10): an INSERT … SELECT with an upsert clause needs a WHERE before ON CONFLICT (`WHERE true`
will do): without it SQLite reads ON as the start of a join constraint and refuses the statement.

The one thing that differs between the two statements: `WHERE true`.
"""

import lab

db = lab.Connection(":memory:")
db.execute("CREATE TABLE body (id TEXT PRIMARY KEY, name TEXT); INSERT INTO body VALUES ('terre', 'Terre');"
           "CREATE TABLE incoming (id TEXT, name TEXT); INSERT INTO incoming VALUES ('terre', 'La Terre')")
refused = db.fails("INSERT INTO body SELECT id, name FROM incoming"
                   " ON CONFLICT(id) DO UPDATE SET name = excluded.name")
db.execute("INSERT INTO body SELECT id, name FROM incoming WHERE true"
           " ON CONFLICT(id) DO UPDATE SET name = excluded.name")
name = db.value("SELECT name FROM body WHERE id = 'terre'")
lab.check(refused.name == "SQLITE_ERROR" and name == "La Terre", f"without WHERE: {refused}; with it: {name}")

lab.report(f"without WHERE: \"{refused.message}\"; with WHERE true: the row updated to {name!r}")
