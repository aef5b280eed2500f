"""Claim (chapter 10): an external-content FTS5 table reads a row's text back from its content table (a
view here), by rowid, only when the query needs the text (`snippet`, `highlight`, a column it selects), never for a query that selects only
the rowid.

The four queries differ in what they select: `snippet(…)`, `highlight(…)`, the column, or `rowid`.
And the table keeps no copy of the text: it has no `f_content` shadow table, which an FTS5 table without
`content=` has.
"""

import lab

db = lab.Connection(":memory:")
db.execute("CREATE TABLE p (id INTEGER PRIMARY KEY, name TEXT);"
           "CREATE VIEW v AS SELECT id AS pid, name AS product FROM p;"
           "CREATE VIRTUAL TABLE f USING fts5(product, content = 'v', content_rowid = 'pid');"
           "INSERT INTO p VALUES (1, 'Smoked Trout'), (2, 'Tea'); INSERT INTO f(f) VALUES('rebuild');"
           "CREATE VIRTUAL TABLE plain USING fts5(product)")
shadow = [row[0] for row in db.execute("SELECT name FROM sqlite_schema WHERE name LIKE 'f_%' ORDER BY name")]
own = db.value("SELECT count(*) FROM sqlite_schema WHERE name = 'plain_content'")
statements = db.trace()
db.execute("SELECT snippet(f, -1, '[', ']', '…', 8) FROM f WHERE f MATCH 'smoked'")
with_text = [s for s in statements if "'main'.'v'" in s]
statements.clear()
db.execute("SELECT highlight(f, 0, '[', ']') FROM f WHERE f MATCH 'smoked'")
highlighted = [s for s in statements if "'main'.'v'" in s]
statements.clear()
db.execute("SELECT product FROM f WHERE f MATCH 'smoked'")
column = [s for s in statements if "'main'.'v'" in s]
statements.clear()
db.execute("SELECT rowid FROM f WHERE f MATCH 'smoked'")
rowid_only = [s for s in statements if "'main'.'v'" in s]
read_back = ["-- SELECT T.'pid', T.'product' FROM 'main'.'v' T WHERE T.'pid'=?"]
lab.check(with_text == read_back and highlighted == read_back and column == read_back and rowid_only == [],
          f"snippet: {with_text}; rowid: {rowid_only}")
db.close()

lab.check("f_content" not in shadow and own == "1", f"shadow tables: {shadow}; plain_content: {own}")
lab.report(f"no f_content table ({', '.join(shadow)}; a table without content= has one); snippet, highlight and SELECT product read the row back: {with_text[0][3:]}; a query of the rowid alone read nothing back")
