"""Claim (chapter 8): a STRICT table refuses a value its column's type cannot hold; an ordinary table stores it.

Two tables with the same columns; the one thing that differs is the STRICT keyword. The text 'abc' given
to an INTEGER column: the ordinary table stores it as TEXT (typeof says so), the STRICT table refuses it
with SQLITE_CONSTRAINT_DATATYPE (3091). A text that is a whole number, '12', becomes the integer 12 in both
(the column's affinity converts it, which STRICT keeps). And a STRICT table accepts only the types INT,
INTEGER, REAL, TEXT, BLOB and ANY: Northwind's NUMERIC and DATETIME are refused when the table is
created. PRAGMA table_list marks the STRICT table: its strict column is 1.
"""

import os
import lab

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "strict.sqlite"))
    columns = "(id INTEGER PRIMARY KEY, sensor TEXT NOT NULL, count INTEGER NOT NULL)"
    db.execute(f"CREATE TABLE ordinary {columns}; CREATE TABLE strict {columns} STRICT")

    db.execute("INSERT INTO ordinary (sensor, count) VALUES ('a', 'abc'), ('b', '12')")
    stored = db.execute("SELECT typeof(count), count FROM ordinary ORDER BY id")
    lab.check(stored == [["text", "abc"], ["integer", "12"]], f"the ordinary table stored {stored}")

    refused = db.fails("INSERT INTO strict (sensor, count) VALUES ('a', 'abc')")
    lab.check(refused.code == 3091, f"the STRICT table said {refused}")
    db.execute("INSERT INTO strict (sensor, count) VALUES ('b', '12')")
    kept = db.execute("SELECT typeof(count), count FROM strict")
    lab.check(kept == [["integer", "12"]], f"the STRICT table holds {kept}")

    numeric = db.fails("CREATE TABLE prices (price NUMERIC) STRICT")
    lab.check(numeric.message == 'unknown datatype for prices.price: "NUMERIC"', f"NUMERIC in STRICT: {numeric}")
    datetime = db.fails("CREATE TABLE orders (ordered DATETIME) STRICT")
    lab.check(datetime.message == 'unknown datatype for orders.ordered: "DATETIME"', f"DATETIME: {datetime}")
    flags = db.execute("SELECT name, strict FROM pragma_table_list WHERE name IN ('ordinary', 'strict') ORDER BY name")
    lab.check(flags == [["ordinary", "0"], ["strict", "1"]], f"table_list says {flags}")
    db.close()

lab.report(f"'abc' into an INTEGER column: ordinary table stores TEXT; STRICT refuses, "
           f"{refused.code} {refused.name}: {refused.message}; '12' becomes 12 in both; "
           f"NUMERIC, DATETIME in a STRICT table: {numeric.message}, {datetime.message}; table_list: strict 1")
