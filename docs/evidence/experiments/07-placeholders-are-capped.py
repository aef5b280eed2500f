"""Claim (chapter 7): a statement may hold only so many placeholders: SQLITE_MAX_VARIABLE_NUMBER, 32,766
by default since SQLite 3.32, and 250,000 in the library the course links (Debian builds it so).

The same query is prepared with the highest placeholder number the library allows, then one more: the
one thing that changes. (The experiment first asks the library for its limit.)
"""

import sqlite3
import lab

limit = sqlite3.connect(":memory:").getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER)
db = lab.Connection(":memory:")
db.execute(f"SELECT ?{limit}")
error = db.fails(f"SELECT ?{limit + 1}")
lab.check(limit == 250000 and error.message == f"variable number must be between ?1 and ?{limit}",
          f"limit {limit}: {error}")
db.close()

lab.report(f"?{limit} prepares; ?{limit + 1} fails: {error.name}: {error.message}")
