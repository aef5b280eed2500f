"""Claim (chapter 10, s10-safe-search's check): a search text split at spaces only keeps "trout<tab>smoked"
as one word; quoted for FTS5 it is the phrase "trout smoked" (the tokenizer splits at the tab inside it),
which 'Smoked Trout' does not hold; the two words quoted apart find it.

One FTS5 row; the one thing that changes is the query.
"""

import os
import lab

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "phrase.sqlite"))
    db.execute("CREATE VIRTUAL TABLE product_fts USING fts5(product, tokenize = 'unicode61 remove_diacritics 2')")
    db.execute("INSERT INTO product_fts (product) VALUES ('Smoked Trout \"Kestrel Cut\"')")

    def found(query):
        return db.value(f"SELECT count(*) FROM product_fts WHERE product_fts MATCH '{query}'")

    one_word = found('"trout\tsmoked"*')
    lab.check(one_word == "0", f"'\"trout<tab>smoked\"*': {one_word}")
    two_words = found('"trout" "smoked"*')
    lab.check(two_words == "1", f"'\"trout\" \"smoked\"*': {two_words}")
    db.close()

lab.report(f"\"trout<tab>smoked\"* finds {one_word}; \"trout\" \"smoked\"* finds {two_words}")
