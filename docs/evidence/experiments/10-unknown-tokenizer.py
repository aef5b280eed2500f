"""Claim (chapter 10): an FTS5 table whose tokenizer a connection has not registered cannot be used on that
connection: a query of it fails with "no such tokenizer". (A custom tokenizer lives in the program
that registers it, not in the file; here the schema names one that no connection registers.)
"""

import os

import lab

with lab.scratch() as folder:
    path = os.path.join(folder, "t.sqlite")
    a = lab.Connection(path)
    a.execute("CREATE TABLE t (x); PRAGMA writable_schema = ON;"
              "INSERT INTO sqlite_schema (type, name, tbl_name, rootpage, sql) VALUES ('table', 'f', 'f', 0,"
              " 'CREATE VIRTUAL TABLE f USING fts5(x, tokenize = ''folding'')');"
              "PRAGMA writable_schema = OFF")
    a.close()
    b = lab.Connection(path)
    error = b.fails("SELECT count(*) FROM f WHERE f MATCH 'oresund'")
    lab.check("no such tokenizer: folding" in error.message, f"{error}")
    b.close()

lab.report(f"a connection without the tokenizer: {error.message}")
