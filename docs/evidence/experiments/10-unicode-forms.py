"""Claim (chapter 10): unicode61 (remove_diacritics 2) makes the same tokens of NFC and NFD text for Latin
letters, but not for others: a Greek name stored in NFD is not found by the same name typed in NFC.
And É decomposes to E + a combining accent, while Ø, Æ, Œ and ß have no decomposition.

Each pair stores one name in one form and searches it in the other; only the form changes.
"""

import unicodedata

import lab

db = lab.Connection(":memory:")
db.execute("CREATE VIRTUAL TABLE t USING fts5(a, tokenize = 'unicode61 remove_diacritics 2');"
           "CREATE VIRTUAL TABLE v USING fts5vocab(t, 'row')")


def found(stored, typed):
    db.execute("DELETE FROM t")
    db.execute(f"INSERT INTO t VALUES ('{stored}')")
    terms = [row[0] for row in db.execute("SELECT term FROM v")]
    return db.value(f"SELECT count(*) FROM t WHERE t MATCH '{typed}'"), terms


seen = []
for word, expected in (("Crème", "1"), ("Φέτα", "0")):
    nfc, nfd = unicodedata.normalize("NFC", word), unicodedata.normalize("NFD", word)
    count, terms = found(nfd, nfc)
    lab.check(count == expected, f"{word} stored in NFD, typed in NFC: {count} found, terms {terms}")
    same, _ = found(nfc, nfc)
    lab.check(same == "1", f"{word} in NFC both sides: {same}")
    seen.append(f"{word} stored NFD, typed NFC: {count} found (terms {terms})")
db.close()

decompositions = {c: unicodedata.decomposition(c) for c in "ÉØÆŒß"}
lab.check(decompositions["É"] == "0045 0301" and all(decompositions[c] == "" for c in "ØÆŒß"),
          f"decompositions: {decompositions}")
lab.report("; ".join(seen) + "; É = 0045 0301 (E + combining acute), Ø Æ Œ ß: no decomposition")
