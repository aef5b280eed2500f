"""Claim (chapter 10, exercise s10-match-sql): without ORDER BY, an FTS5 query returns its matches by rowid,
not best first; `ORDER BY bm25(t)` puts the best first; fts5vocab lists the terms in the index's own order,
by bytes (ø after z).

One table; the two queries differ in their ORDER BY.
"""

import lab

db = lab.Connection(":memory:")
db.execute("CREATE VIRTUAL TABLE t USING fts5(x, tokenize = 'unicode61 remove_diacritics 2');"
           "INSERT INTO t (rowid, x) VALUES (1, 'smoked mackerel fillets in oil'), (2, 'smoked trout'),"
           " (3, 'smoked salt, smoked twice'), (4, 'zebra øresund tea');"
           "CREATE VIRTUAL TABLE v USING fts5vocab(t, 'row')")
plain = [r[0] for r in db.execute("SELECT rowid FROM t WHERE t MATCH 'smoked'")]
ranked = [r[0] for r in db.execute("SELECT rowid FROM t WHERE t MATCH 'smoked' ORDER BY bm25(t)")]
terms = [r[0] for r in db.execute("SELECT term FROM v")]
lab.check(plain == ["1", "2", "3"] and ranked == ["3", "2", "1"], f"no ORDER BY: {plain}; bm25: {ranked}")
lab.check(terms == sorted(terms, key=str.encode) and terms[-1] == "øresund", f"fts5vocab: {terms}")
db.close()

lab.report(f"no ORDER BY: rowids {plain}; ORDER BY bm25(t): {ranked}; fts5vocab without ORDER BY ends {terms[-3:]}")
