"""Claim (chapter 11, s11-index-fix's check): an expression index serves only a query that writes the same
expression: an index on json_extract(document, '$.kind') does not serve a query that writes
document ->> '$.kind', though both read the same value; an index on the whole document serves neither.

One table of JSON documents, one query (by document ->> '$.kind'). The one thing that changes is the index:
on json_extract(…), on document, on the query's own ->> expression.
"""

import os
import lab

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "expression.sqlite"))
    db.execute("CREATE TABLE doc (id TEXT PRIMARY KEY, document TEXT NOT NULL) STRICT")
    db.execute("""INSERT INTO doc (id, document) SELECT 'd' || value, json_object('kind', value % 5)
                  FROM json_each('[1,2,3,4,5,6,7,8,9,10]')""")
    query = "SELECT id FROM doc WHERE document ->> '$.kind' = '3'"

    def plan_with(index):
        db.execute("DROP INDEX IF EXISTS doc_index")
        db.execute(f"CREATE INDEX doc_index ON doc ({index})")
        return "; ".join(row[3] for row in db.execute("EXPLAIN QUERY PLAN " + query))

    json_extract = plan_with("json_extract(document, '$.kind')")
    lab.check(json_extract == "SCAN doc", f"index on json_extract(…): {json_extract}")
    whole = plan_with("document")
    lab.check(whole == "SCAN doc", f"index on document: {whole}")
    same = plan_with("document ->> '$.kind'")
    lab.check(same == "SEARCH doc USING INDEX doc_index (<expr>=?)", f"index on ->>: {same}")
    db.close()

lab.report(f"a query by ->>: with an index on json_extract(…): {json_extract}; on document: {whole}; "
           f"on the same ->> expression: {same}")
