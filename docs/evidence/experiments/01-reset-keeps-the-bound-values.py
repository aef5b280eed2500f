"""Claim (chapter 1): placeholders are numbered from 1 and result columns from 0; sqlite3_step answers
SQLITE_DONE for an INSERT, SQLITE_ROW per row then SQLITE_DONE for a SELECT; sqlite3_reset only rewinds a
statement: it can run again, and the values bound stay bound.

The one thing that differs between the two runs of the INSERT: nothing is bound before the second.
"""

import os
import lab

DONE, ROW = 101, 100

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "players.sqlite"))
    db.execute("CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT)")
    insert = db.prepare("INSERT INTO players (name) VALUES (?)")
    lab.check(insert.bind_text(0, b"Blob", -1) == 25, "placeholder 0 accepted: they are not numbered from 0")
    lab.check(insert.bind_text(1, b"Blob", -1) == 0, "placeholder 1 refused")
    first = insert.step()
    rewound = insert.reset()
    second = insert.step()  # nothing bound again: reset kept "Blob"
    lab.check(first == DONE and rewound == 0 and second == DONE, f"steps {first}, reset {rewound}, {second}")
    lab.check(insert.finalize() == 0, "finalize failed")

    select = db.prepare("SELECT id, name FROM players ORDER BY id")
    answers, rows = [], []
    while True:
        answer = select.step()
        answers.append(answer)
        if answer != ROW:
            break
        rows.append((select.column_int64(0), select.column_text(1).decode()))
    select.finalize()
    lab.check(answers == [ROW, ROW, DONE] and rows == [(1, "Blob"), (2, "Blob")],
              f"steps {answers}, rows {rows}")

lab.report(f"placeholder 0: SQLITE_RANGE, 1: ok; INSERT → {DONE} SQLITE_DONE; after reset, the same INSERT with "
           f"nothing bound again stored \"Blob\" again; SELECT → {answers}, column 0 the id, 1 the name: {rows}")
