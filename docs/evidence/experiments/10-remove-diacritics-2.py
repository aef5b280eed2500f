"""Claim (chapter 10): `remove_diacritics 2` also removes the marks of letters with several of them
(ệ, ấ, ǖ), which `remove_diacritics 1` leaves as they are; both fold a letter with one mark (è).

Two tables of the same text; only the option's value changes.
"""

import lab

db = lab.Connection(":memory:")
terms = {}
for value in (1, 2):
    db.execute(f"CREATE VIRTUAL TABLE t{value} USING fts5(x, tokenize = 'unicode61 remove_diacritics {value}');"
               f"INSERT INTO t{value} VALUES ('Việt ấ ǖ Crème');"
               f"CREATE VIRTUAL TABLE v{value} USING fts5vocab(t{value}, 'row')")
    terms[value] = [row[0] for row in db.execute(f"SELECT term FROM v{value} ORDER BY term")]
lab.check(terms[1] == ["creme", "việt", "ǖ", "ấ"] and terms[2] == ["a", "creme", "u", "viet"], f"terms: {terms}")
db.close()

lab.report(f"'Việt ấ ǖ Crème': remove_diacritics 1 makes {terms[1]}, 2 makes {terms[2]}")
