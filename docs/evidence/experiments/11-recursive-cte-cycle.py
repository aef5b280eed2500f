"""Claim (chapter 11): a recursive CTE runs its second SELECT on the rows the last round produced until a
round produces none; with UNION ALL a cycle in the data never ends it, with UNION (which drops a row it
has produced before) the cycle ends, and a path column can mark the row where the chain comes back.

Three bodies: c goes round b, b round a, and a round b (the cycle). The same walk down from a runs with
UNION ALL (cut by LIMIT 20, or it would not stop) and with UNION; then the walk up keeps a path and stops
at the first id it has passed. Last, the library is asked for generate_series, which it does not have
(the series the chapter needs is made with a recursive CTE instead).
"""

import os
import lab

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "cte.sqlite"))
    db.execute("""CREATE TABLE body (id TEXT PRIMARY KEY, orbits TEXT);
                  INSERT INTO body VALUES ('a', 'b'), ('b', 'a'), ('c', 'b')""")
    walk = """WITH RECURSIVE below(id) AS (SELECT 'a' {union} SELECT body.id FROM body JOIN below
              ON body.orbits = below.id) SELECT count(*) FROM (SELECT id FROM below LIMIT 20)"""
    all_rows = db.value(walk.format(union="UNION ALL"))
    lab.check(all_rows == "20", f"UNION ALL: {all_rows} rows before LIMIT stopped it")
    distinct = db.value(walk.format(union="UNION"))
    lab.check(distinct == "3", f"UNION: {distinct}")
    chain = db.execute("""WITH RECURSIVE chain(id, path, is_cycle) AS (
        SELECT 'c', '/c/', 0
        UNION ALL
        SELECT body.orbits, chain.path || body.orbits || '/', instr(chain.path, '/' || body.orbits || '/') > 0
        FROM chain JOIN body ON body.id = chain.id WHERE body.orbits IS NOT NULL AND NOT chain.is_cycle)
        SELECT id, is_cycle FROM chain""")
    lab.check(chain == [["c", "0"], ["b", "0"], ["a", "0"], ["b", "1"]], f"the chain: {chain}")
    series = db.fails("SELECT * FROM generate_series(1, 3)")
    lab.check(series.message == "no such table: generate_series", f"generate_series: {series}")
    db.close()

lab.report(f"UNION ALL: still going after {all_rows} rows (LIMIT); UNION: {distinct} rows, then no new one; "
           f"path check: {' → '.join(row[0] for row in chain)}, the last marked as the cycle; generate_series: "
           f"{series.message}")
