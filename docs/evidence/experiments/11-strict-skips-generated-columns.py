"""Claim (chapter 11): a STRICT table refuses a wrong type in a column a statement writes, but SQLite
3.40.1 does not check the type of a generated column's value, VIRTUAL or STORED; a CHECK on the generated
column does refuse it.

One STRICT table, a written INTEGER column `revision` and a REAL column generated from a JSON document.
Writing 'two' to `revision` is refused (SQLITE_CONSTRAINT_DATATYPE). A document whose field is "big" gives
the REAL generated column the text 'big' (typeof says text), for VIRTUAL and for STORED. The one thing added
next is a CHECK (typeof(…) IN ('real', 'integer', 'null')) on the column: the same document is refused.
"""

import os
import lab

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "strict.sqlite"))
    stored = {}
    for kind in ("VIRTUAL", "STORED"):
        db.execute(f"""CREATE TABLE t_{kind} (document TEXT, revision INTEGER NOT NULL DEFAULT 1,
                       radius REAL GENERATED ALWAYS AS (document ->> '$.r') {kind}) STRICT""")
        db.execute(f"""INSERT INTO t_{kind} (document) VALUES ('{{"r": "big"}}')""")
        stored[kind] = db.execute(f"SELECT typeof(radius), radius FROM t_{kind}")
        lab.check(stored[kind] == [["text", "big"]], f"{kind}: {stored[kind]}")
    refused = db.fails("UPDATE t_VIRTUAL SET revision = 'two'")
    lab.check(refused.code == 3091, f"revision = 'two': {refused}")
    db.execute("""CREATE TABLE checked (document TEXT, radius REAL GENERATED ALWAYS AS (document ->> '$.r')
                  CHECK (typeof(radius) IN ('real', 'integer', 'null'))) STRICT""")
    checked = db.fails("""INSERT INTO checked (document) VALUES ('{"r": "big"}')""")
    lab.check(checked.code == 275, f"with the CHECK: {checked}")
    db.close()

lab.report(f"'two' into revision: {refused.code} {refused.name}; \"big\" in a generated REAL column: VIRTUAL "
           f"{stored['VIRTUAL'][0][0]}, STORED {stored['STORED'][0][0]}; with a CHECK on typeof: "
           f"{checked.code} {checked.name}")
