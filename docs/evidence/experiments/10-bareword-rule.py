"""Claim (chapter 10): outside double quotes, an FTS5 query may hold only letters, digits, `_`, non-ASCII
characters and 0x1A in a bareword, besides its operators; `AND`, `OR`, `NOT` are operators only in capitals,
`NEAR` only as `NEAR(`. Quoted, the same text is only text for the tokenizer.

Each query below changes one thing against plain `tea`: one character or one word.
"""

import lab

with lab.scratch():
    db = lab.Connection(":memory:")
    db.execute("CREATE VIRTUAL TABLE t USING fts5(a, tokenize = 'unicode61 remove_diacritics 2');"
               "INSERT INTO t VALUES ('tea time'), ('o''clock tea'), ('near and far')")
    errors = {}
    for query in ["tea.", "o'clock", "a/b", "#", "@", "tea,", "tea AND", "NOT tea", "NEAR(tea"]:
        errors[query] = db.fails(f"SELECT count(*) FROM t WHERE t MATCH '{query.replace(chr(39), chr(39) * 2)}'")
        lab.check(errors[query].code == 1, f"{query}: {errors[query]}")
    for query in ["tea_", "tea and", "tea or", "not tea", "near tea", "NEAR tea", "thé", "tea\x1a"]:
        db.execute(f"SELECT count(*) FROM t WHERE t MATCH '{query}'")  # no error
    quoted = db.value("""SELECT count(*) FROM t WHERE t MATCH '"o''clock" "tea."'""")
    lab.check(quoted == "1", f'"o\'clock" "tea." found {quoted} rows')
    lowercase = db.value("SELECT count(*) FROM t WHERE t MATCH 'near and far'")
    lab.check(lowercase == "1", f"'near and far' (three words) found {lowercase} rows")
    db.close()

lab.report("barewords: tea. o'clock a/b # @ are syntax errors (" + errors["o'clock"].message
           + "); tea_ thé and lowercase and/or/not/near are words; 'tea AND' and 'NEAR(tea' are errors;"
           + " quoted, \"o'clock\" \"tea.\" finds its row")
