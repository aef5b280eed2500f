"""Claim (chapter 8, exercise s8-xinfo-predict): PRAGMA table_xinfo lists generated columns, which
table_info leaves out, with hidden = 2 for a VIRTUAL one and 3 for a STORED one; notnull is 1 only where
NOT NULL is written (an INTEGER PRIMARY KEY says 0); dflt_value is the DEFAULT's SQL text ('' quoted).

One table, read by both pragmas: the one thing that differs is the pragma.
"""

import lab

db = lab.Connection(":memory:")
db.execute("""CREATE TABLE player (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT '', score,
    shout TEXT GENERATED ALWAYS AS (upper(name)), whisper TEXT AS (lower(name)) STORED)""")
info = [row[1] for row in db.execute("PRAGMA table_info(player)")]
xinfo = {row[1]: row[2:] for row in db.execute("PRAGMA table_xinfo(player)")}  # type, notnull, dflt, pk, hidden
lab.check(info == ["id", "name", "score"], f"table_info lists {info}")
lab.check(xinfo == {"id": ["INTEGER", "0", None, "1", "0"], "name": ["TEXT", "1", "''", "0", "0"],
                    "score": ["", "0", None, "0", "0"], "shout": ["TEXT", "0", None, "0", "2"],
                    "whisper": ["TEXT", "0", None, "0", "3"]}, f"table_xinfo says {xinfo}")
db.close()

lab.report("table_info: id, name, score; table_xinfo adds shout (hidden 2, VIRTUAL) and whisper (hidden 3, "
           "STORED); id INTEGER PRIMARY KEY has notnull 0; name's default reads ''")
