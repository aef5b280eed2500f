"""Claim (chapter 11's exercises): past its limit, a progress handler that returns non-zero interrupts the
statement (SQLITE_INTERRUPT), so a query that never ends (a recursive CTE without a cycle check) fails
instead of hanging.

The one thing that differs between the two queries: whether they end before the handler's limit.
"""

import sqlite3
import lab

db = sqlite3.connect(":memory:")
endless = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n"
calls = 0


def handler():
    global calls
    calls += 1
    return 1 if calls > 1000 else 0  # non-zero: interrupt


db.set_progress_handler(handler, 1000)  # called every 1000 virtual machine instructions
try:
    db.execute(endless).fetchone()
    interrupted = None
except sqlite3.OperationalError as error:
    interrupted = str(error)
handler_calls = calls
calls = 0  # a fresh limit: this query ends long before it
finite = db.execute("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10)"
                    " SELECT count(*) FROM n").fetchone()[0]
lab.check(interrupted == "interrupted" and finite == 10, f"endless query: {interrupted}; finite: {finite}")

lab.report(f"the endless recursive query ended with \"{interrupted}\" (SQLITE_INTERRUPT) after {handler_calls} handler calls; "
      f"a bounded one counts {finite}")
