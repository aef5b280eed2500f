"""Claim (chapter 10): the `trigram` tokenizer finds any substring of three characters or more, nothing
shorter, and makes a bigger index than unicode61; `porter` cuts each token to its English stem, in the index
and in the query alike (`smoking` finds `Smoked`).

Three tables of the same names; each changes only the tokenizer.
"""

import lab

NAMES = ["Smoked Goat Log", "Hot-Smoked Mackerel", "Hojicha Roasted Green Tea", "Oat & Honey Flapjacks"]

db = lab.Connection(":memory:")
for table, tokenizer in (("plain", "unicode61 remove_diacritics 2"), ("tri", "trigram"),
                         ("stem", "porter unicode61 remove_diacritics 2")):
    db.execute(f"CREATE VIRTUAL TABLE {table} USING fts5(name, tokenize = '{tokenizer}')")
    for name in NAMES:
        db.execute(f"INSERT INTO {table} VALUES ('{name}')")


def found(table, query):
    return db.value(f"SELECT count(*) FROM {table} WHERE {table} MATCH '{query}'")


def size(table):
    return int(db.value(f"SELECT sum(length(block)) FROM {table}_data"))


lab.check((found("plain", "moke"), found("tri", "moke"), found("tri", "ked")) == ("0", "2", "2"),
          f"moke: {found('plain', 'moke')} / {found('tri', 'moke')}, ked: {found('tri', 'ked')}")
lab.check(found("tri", "mo") == "0", f"trigram, two characters: {found('tri', 'mo')}")
lab.check(size("tri") > size("plain"), f"trigram index {size('tri')} bytes, unicode61 {size('plain')}")
lab.check((found("plain", "smoking"), found("stem", "smoking"), found("stem", "roasting")) == ("0", "2", "1"),
          f"smoking: {found('plain', 'smoking')} / {found('stem', 'smoking')}")
db.execute("CREATE VIRTUAL TABLE stem_terms USING fts5vocab(stem, 'row')")
stems = [row[0] for row in db.execute("SELECT term FROM stem_terms WHERE term LIKE 'smok%' OR term LIKE 'roast%'"
                                       " ORDER BY term")]
lab.check(stems == ["roast", "smoke"], f"porter's terms: {stems}")
sizes = (size("tri"), size("plain"))
db.close()

lab.report(f"trigram: 'moke' and 'ked' find 2 names, 'mo' finds 0, its index {sizes[0]} bytes against "
           f"{sizes[1]}; porter: 'smoking' finds 2 (unicode61: 0), its terms {stems}")
