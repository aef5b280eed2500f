"""Claim (chapter 10): LIKE '%smoked%' finds a substring: 'Unsmoked Back Bacon' contains it, so it matches,
where a search for the word smoked (FTS5's MATCH) does not.

The one thing that differs between the two searches: LIKE or MATCH.
"""

import lab

db = lab.Connection(":memory:")
db.execute("CREATE VIRTUAL TABLE product USING fts5(name);"
           "INSERT INTO product VALUES ('Unsmoked Back Bacon'), ('Smoked Trout')")
like = db.column("SELECT name FROM product WHERE name LIKE '%smoked%' ORDER BY rowid")
match = db.column("SELECT name FROM product WHERE product MATCH 'smoked' ORDER BY rowid")
lab.check(like == ["Unsmoked Back Bacon", "Smoked Trout"] and match == ["Smoked Trout"], f"LIKE {like}, MATCH {match}")

lab.report(f"LIKE '%smoked%': {like}; MATCH 'smoked': {match}")
