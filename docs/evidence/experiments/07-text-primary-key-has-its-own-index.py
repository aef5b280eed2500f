"""Claim (chapter 7): a TEXT primary key is kept in an index SQLite builds for it, beside the table: each
INSERT into solar_body adds its row to the table, to that index, and to each index of ours
(solar_body_english_name): three B-trees.

Compared with an INTEGER PRIMARY KEY, which is the rowid itself and needs no index.
"""

import lab

db = lab.Connection(":memory:")
db.execute("CREATE TABLE solar_body (id TEXT PRIMARY KEY, english_name TEXT);"
           "CREATE INDEX solar_body_english_name ON solar_body (english_name);"
           "CREATE TABLE numbered (id INTEGER PRIMARY KEY, english_name TEXT)")
trees = db.execute("SELECT type, name FROM sqlite_schema WHERE tbl_name = 'solar_body' ORDER BY name")
numbered = db.execute("SELECT type, name FROM sqlite_schema WHERE tbl_name = 'numbered'")
lab.check(trees == [["table", "solar_body"], ["index", "solar_body_english_name"],
                    ["index", "sqlite_autoindex_solar_body_1"]] and numbered == [["table", "numbered"]],
          f"solar_body: {trees}; numbered: {numbered}")

lab.report(f"solar_body is stored in {len(trees)} B-trees: {', '.join(name for _, name in trees)}; a table "
           "with an INTEGER PRIMARY KEY in 1")
