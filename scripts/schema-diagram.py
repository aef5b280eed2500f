#!/usr/bin/env python3
"""make catalog-diagram: step 6's schema as a Mermaid entity-relationship diagram.

Runs Steps/step6/Resources/catalog.sql into an in-memory database (python3's sqlite3, the library the steps
link) and draws what SQLite reports about it: each table's columns (PRAGMA table_info: type, NOT NULL,
default, primary key) and its foreign keys (PRAGMA foreign_key_list). Chapter 6 shows the output under a
`<!-- make catalog-diagram -->` marker (inside a ```mermaid fence), so DocsTests fails when the schema and the picture disagree.

  python3 scripts/schema-diagram.py [FILE.sql]
"""

import os
import sqlite3
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SQL = os.path.join(ROOT, "Steps", "step6", "Resources", "catalog.sql")


def diagram(sql):
    db = sqlite3.connect(":memory:")
    db.executescript(sql)
    tables = [name for (name,) in db.execute(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
    lines = ["erDiagram"]
    for table in tables:
        # foreign_key_list: id, seq, table, from, to, on_update, on_delete, match
        for fk in sorted(db.execute(f"PRAGMA foreign_key_list([{table}])"), key=lambda fk: fk[2]):
            parent, column = fk[2], fk[3]
            nullable = not any(c[1] == column and c[3] for c in db.execute(f"PRAGMA table_info([{table}])"))
            # one parent row per child row, or none when the column may be NULL; any number of children
            lines.append(f"    {parent} {'|o' if nullable else '||'}--o{{ {table} : \"{column}\"")
    for table in tables:
        foreign = {fk[3] for fk in db.execute(f"PRAGMA foreign_key_list([{table}])")}
        lines.append(f"    {table} {{")
        # table_info: cid, name, type, notnull, dflt_value, pk
        for _, name, type_, notnull, default, pk in db.execute(f"PRAGMA table_info([{table}])"):
            keys = ", ".join(k for k, on in (("PK", pk), ("FK", name in foreign)) if on)
            notes = [n for n, on in (("NOT NULL", notnull and not pk), (f"DEFAULT {default}", default is not None)) if on]
            note = f' "{", ".join(notes)}"' if notes else ""
            lines.append(f"        {type_ or 'ANY'} {name}{' ' + keys if keys else ''}{note}")
        lines.append("    }")
    return "\n".join(lines)


if __name__ == "__main__":
    path = sys.argv[1] if len(sys.argv) > 1 else SQL
    print(diagram(open(path, encoding="utf-8").read()))
