"""Claim (chapter 1): with a statement not finalized, sqlite3_close refuses (SQLITE_BUSY) and the connection
stays open; sqlite3_close_v2 answers SQLITE_OK, and frees the connection once the last statement is finalized.

The one thing that differs between the two connections: which close function is called.
"""

import os
import lab

with lab.scratch() as folder:
    path = os.path.join(folder, "players.sqlite")

    # sqlite3_close, with a statement still prepared: refused, and the connection still works.
    a = lab.Connection(path)
    a.execute("CREATE TABLE players (name TEXT)")
    statement = a.prepare("SELECT count(*) FROM players")
    refused = a.close_v1()
    still_works = a.value("SELECT count(*) FROM players") == "0"
    lab.check(refused == 5 and still_works, f"sqlite3_close answered {refused}, connection usable: {still_works}")
    statement.finalize()
    closed = a.close_v1()
    lab.check(closed == 0, f"sqlite3_close after finalize answered {closed}")

    # sqlite3_close_v2, with a statement still prepared: SQLITE_OK at once; finalizing it later is still valid.
    b = lab.Connection(path)
    statement = b.prepare("SELECT count(*) FROM players")
    v2 = b.close()
    finalized = statement.finalize()  # the connection, a "zombie" until now, is freed here
    lab.check(v2 == 0 and finalized == 0, f"sqlite3_close_v2 answered {v2}, the later finalize {finalized}")

lab.report("one statement not finalized: sqlite3_close answers SQLITE_BUSY and the connection stays open; "
           "sqlite3_close_v2 answers SQLITE_OK and the statement can still be finalized after it")
