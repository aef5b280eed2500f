"""Claim (chapter 11): in an UPSERT, `DO UPDATE … WHERE` skips a row whose values did not change: SQLite
does not write it, and RETURNING does not return it; an INSERT … SELECT needs a WHERE before ON CONFLICT.

One table with a revision counter; the same upsert runs twice with the same document, then once with a
changed one. What changes between the runs is only the document. Then the same statement is written
without `WHERE true` after the SELECT: SQLite's parser refuses it.
"""

import os
import lab

UPSERT = """INSERT INTO t (id, document) SELECT value ->> '$.id', value FROM json_each('{source}') {where}
ON CONFLICT (id) DO UPDATE SET document = excluded.document, revision = revision + 1
WHERE document IS NOT excluded.document RETURNING id, revision"""

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "upsert.sqlite"))
    db.execute("CREATE TABLE t (id TEXT PRIMARY KEY, document TEXT, revision INTEGER NOT NULL DEFAULT 1) STRICT")
    same = '[{"id": "a", "v": 1}, {"id": "b", "v": 1}]'
    first = db.execute(UPSERT.format(source=same, where="WHERE true"))
    lab.check(first == [["a", "1"], ["b", "1"]], f"first: {first}")
    again = db.execute(UPSERT.format(source=same, where="WHERE true"))
    lab.check(again == [] and db.changes() == 0, f"again: {again}, changes {db.changes()}")
    changed = db.execute(UPSERT.format(source='[{"id": "a", "v": 2}, {"id": "b", "v": 1}]', where="WHERE true"))
    lab.check(changed == [["a", "2"]] and db.changes() == 1, f"changed: {changed}")
    no_where = db.fails(UPSERT.format(source=same, where=""))
    lab.check('syntax error' in no_where.message, f"without WHERE true: {no_where}")
    db.close()

lab.report(f"first run returned {len(first)} rows (revision 1); the same again: {len(again)} rows, "
           f"0 changes; one document changed: {changed} (revision 2); without WHERE true: {no_where.message}")
