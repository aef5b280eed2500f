"""Claim (chapter 1): sqlite3_column_text returns a NULL pointer for a NULL value (so Blob Jr's NULL crashes a
program that makes a String from it), sqlite3_column_int64 reads a NULL as 0, and after such a conversion the
type sqlite3_column_type reports is not to be trusted (SQLite calls it undefined).

The one thing that differs between the two rows: createdAt is text in one, NULL in the other.
"""

import os
import lab

TYPES = {1: "INTEGER", 2: "FLOAT", 3: "TEXT", 4: "BLOB", 5: "NULL"}

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "players.sqlite"))
    db.execute("CREATE TABLE players (name TEXT, createdAt TEXT);"
               "INSERT INTO players VALUES ('Blob', '2024-11-18'), ('Blob Jr', NULL)")
    select = db.prepare("SELECT createdAt FROM players ORDER BY rowid")
    select.step()
    text = select.column_text(0)
    select.step()
    null_type = select.column_type(0)
    null_text = select.column_text(0)
    null_int = select.column_int64(0)
    select.finalize()
    lab.check(text == b"2024-11-18" and null_type == 5 and null_text is None and null_int == 0,
              f"text {text}, NULL: type {null_type}, text pointer {null_text}, int64 {null_int}")

    # A conversion: the text '12' read as an integer. What column_type says afterwards is the header's
    # "undefined"; here it still says TEXT, which is no longer what was last read.
    converted = db.prepare("SELECT '12'")
    converted.step()
    before = converted.column_type(0)
    as_int = converted.column_int64(0)
    converted.finalize()
    lab.check(before == 3 and as_int == 12, f"'12': type {TYPES[before]}, int64 {as_int}")

lab.report(f"Blob's createdAt: {text.decode()}; Blob Jr's NULL: column_type NULL, column_text a NULL pointer, "
           f"column_int64 {null_int}; the text '12' reads as the integer {as_int}")
