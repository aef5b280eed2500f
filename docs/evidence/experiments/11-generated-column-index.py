"""Claim (chapter 11): an index on a generated column turns a lookup by that column into a search; the
expression that defines the column is not rewritten into it, so a query that repeats the expression scans.

One table of JSON documents with a VIRTUAL generated column `kind` (document ->> '$.kind') and an index on
it. The one thing that changes between the plans is how the query names the value: the column (SEARCH
USING INDEX), the column with NOT INDEXED (SCAN), the defining expression (SCAN). An index on the
expression itself is then added: the expression's query becomes a SEARCH through it.
"""

import os
import lab

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "generated.sqlite"))
    db.execute("""CREATE TABLE doc (id TEXT PRIMARY KEY, document TEXT NOT NULL,
                  kind TEXT GENERATED ALWAYS AS (document ->> '$.kind')) STRICT;
                  CREATE INDEX doc_kind ON doc (kind)""")
    db.execute("""INSERT INTO doc (id, document) SELECT 'd' || value, json_object('kind', value % 5)
                  FROM json_each('[1,2,3,4,5,6,7,8,9,10]')""")

    def plan(sql):
        return "; ".join(row[3] for row in db.execute("EXPLAIN QUERY PLAN " + sql))

    by_column = plan("SELECT id FROM doc WHERE kind = '3'")
    lab.check(by_column == "SEARCH doc USING INDEX doc_kind (kind=?)", f"by the column: {by_column}")
    not_indexed = plan("SELECT id FROM doc NOT INDEXED WHERE kind = '3'")
    lab.check(not_indexed == "SCAN doc", f"NOT INDEXED: {not_indexed}")
    by_expression = plan("SELECT id FROM doc WHERE document ->> '$.kind' = '3'")
    lab.check(by_expression == "SCAN doc", f"by the expression: {by_expression}")
    db.execute("CREATE INDEX doc_kind_expression ON doc (document ->> '$.kind')")
    with_expression_index = plan("SELECT id FROM doc WHERE document ->> '$.kind' = '3'")
    lab.check(with_expression_index == "SEARCH doc USING INDEX doc_kind_expression (<expr>=?)",
              f"with an expression index: {with_expression_index}")
    db.close()

lab.report(f"by the generated column: {by_column}; NOT INDEXED: {not_indexed}; by its expression: "
           f"{by_expression}; with an index on the expression: {with_expression_index}")
