"""Claim (chapter 11, "What SQLite did, counted"): the plans behind two of step 7's `--stats` lines.
`search` (a "contains" test on the English name, ordered by it) scans the index on english_name, which
hands the rows over in order, so no sort is needed; `show` (WHERE id = ?) searches the primary key's index.

Step 7's own schema (Steps/step7/Resources/BodiesDB-001.sql); the one thing that differs between the
two queries is the WHERE clause. (Step 7 lowercases with a Swift function; lower() stands in for it:
a function of the column, which no index can answer, either way.)
"""

import pathlib

import lab

schema = pathlib.Path(__file__).resolve().parents[3] / "Steps/step7/Resources/BodiesDB-001.sql"
db = lab.Connection(":memory:")
db.execute(schema.read_text())

search = [row[3] for row in db.execute(
    "EXPLAIN QUERY PLAN SELECT * FROM solar_body WHERE instr(lower(english_name), 'an') > 0 ORDER BY english_name")]
show = [row[3] for row in db.execute("EXPLAIN QUERY PLAN SELECT * FROM solar_body WHERE id = 'terre'")]
lab.check(search == ["SCAN solar_body USING INDEX solar_body_english_name"], f"search: {search}")
lab.check(show == ["SEARCH solar_body USING INDEX sqlite_autoindex_solar_body_1 (id=?)"], f"show: {show}")
db.close()

lab.report(f"search: \"{search[0]}\" (no sort); show: \"{show[0]}\"")
