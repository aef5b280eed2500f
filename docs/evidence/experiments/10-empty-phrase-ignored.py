"""Claim (chapter 10): FTS5 ignores an empty phrase (a quoted string the tokenizer makes no token of):
no error, and the rest of the query stands alone. A `*` after it goes with it.

Against the plain query `tea`, each query adds one empty phrase.
"""

import lab

with lab.scratch():
    db = lab.Connection(":memory:")
    db.execute("CREATE VIRTUAL TABLE t USING fts5(a, tokenize = 'unicode61 remove_diacritics 2');"
               "INSERT INTO t VALUES ('tea time'), ('teapot'), ('coffee')")
    tea = db.execute("SELECT rowid FROM t WHERE t MATCH 'tea' ORDER BY rowid")
    for query in ['"" tea', '"-" tea', 'tea "-"', '"tea" "-"*']:
        rows = db.execute(f"SELECT rowid FROM t WHERE t MATCH '{query}' ORDER BY rowid")
        lab.check(rows == tea, f"{query} found {rows}, tea found {tea}")
    alone = db.execute("""SELECT rowid FROM t WHERE t MATCH '"-"' """)
    lab.check(alone == [], f'"-" alone found {alone}')
    prefix = db.execute("""SELECT rowid FROM t WHERE t MATCH '"tea"*' ORDER BY rowid""")
    lab.check(len(prefix) == 2 and len(tea) == 1, f'"tea"* found {prefix}')
    db.close()

lab.report('empty phrases are ignored: "" tea, "-" tea and "tea" "-"* find what tea finds (1 row, not '
           'teapot: the * left with the empty phrase); "-" alone finds nothing, without an error')
