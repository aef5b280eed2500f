"""Claim (chapter 10): `json_each(?, '$.bodies')` on a document with no `bodies` array reads no row at all, so
a DELETE of every row whose id is NOT IN those ids deletes every row: step 10's sync checks the source first.

One thing changes against the source that lists bodies: the document's shape (a list at the top level).
"""

import lab

with lab.scratch():
    db = lab.Connection(":memory:")
    db.execute("CREATE TABLE body (id TEXT PRIMARY KEY); INSERT INTO body VALUES ('terre'), ('mars')")
    listed = db.value("""SELECT count(*) FROM json_each('{"bodies": [{"id": "terre"}]}', '$.bodies')""")
    lab.check(listed == "1", f"a source with bodies: {listed} row")
    shapeless = db.value("""SELECT count(*) FROM json_each('[{"id": "terre"}]', '$.bodies')""")
    lab.check(shapeless == "0", f"a list at the top level: {shapeless} rows")
    db.execute("""DELETE FROM body WHERE id NOT IN
                  (SELECT json_extract(value, '$.id') FROM json_each('[{"id": "terre"}]', '$.bodies'))""")
    deleted = db.changes()
    left = db.value("SELECT count(*) FROM body")
    lab.check(deleted == 2 and left == "0", f"the DELETE deleted {deleted}, left {left}")
    db.close()

lab.report(f"json_each(…, '$.bodies') reads {listed} row from {{\"bodies\": [...]}}, {shapeless} from a list at the"
           + f" top level; the DELETE … NOT IN then deleted all {deleted} rows")
