"""Claim (chapter 9): a writer that dies inside its COMMIT, after writing the commit frame to the -wal file but
before recording it in the wal-index (the shared -shm file), leaves a transaction that a connection still open
does not see. If that connection then closes, its checkpoint copies only what the wal-index holds and the
-wal file is deleted: the transaction is gone. If it ends without closing, the next connection to open the file
rebuilds the wal-index from the -wal file and finds the transaction. So write-load closes its connection
before it counts what a stopped run stored.

Process A holds the file open (9 rows committed). Process B commits a 10th row and ends without closing. The
-shm file is then put back as it was before B's commit: what a B killed between its two writes leaves behind.
The one thing that changes between the two runs: whether A closes its connection before it ends.
"""

import os
import subprocess
import sys

import lab

HOLDER = """
import os, sqlite3, sys
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("PRAGMA journal_mode = WAL")
c.execute("CREATE TABLE entry (id INTEGER PRIMARY KEY)")
for _ in range(9):
    c.execute("INSERT INTO entry DEFAULT VALUES")
print("ready", flush=True)
mode = sys.stdin.readline().strip()
print(c.execute("SELECT COUNT(*) FROM entry").fetchone()[0], flush=True)
if mode == "close":
    c.close()
os._exit(0)
"""

LATE_WRITER = """
import os, sqlite3, sys
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("INSERT INTO entry DEFAULT VALUES")
os._exit(0)  # no close: no checkpoint
"""


def run(mode):
    """A holds the file; B's commit reaches the -wal file but not the wal-index; A ends by `mode`."""
    with lab.scratch() as folder:
        path = os.path.join(folder, "load.sqlite")
        holder = subprocess.Popen([sys.executable, "-c", HOLDER, path], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
        lab.check(holder.stdout.readline() == "ready\n", "A did not set the file up")
        with open(path + "-shm", "rb") as shm:
            index_before = shm.read()
        subprocess.run([sys.executable, "-c", LATE_WRITER, path], check=True)
        with open(path + "-shm", "r+b") as shm:  # the same pages A has mapped: A sees the old wal-index
            shm.write(index_before)
        holder.stdin.write(mode + "\n")
        holder.stdin.flush()
        seen_by_a = int(holder.stdout.readline())
        holder.wait()
        fresh = lab.Connection(path)
        seen_after = int(fresh.value("SELECT COUNT(*) FROM entry"))
        fresh.close()
        return seen_by_a, seen_after


closed = run("close")
left_open = run("exit")
lab.check(closed == (9, 9), f"A closed: A saw {closed[0]}, the next connection {closed[1]}")
lab.check(left_open == (9, 10), f"A ended without closing: A saw {left_open[0]}, the next connection {left_open[1]}")
lab.report(f"a commit in the -wal file but not in the wal-index: the open connection counts {closed[0]}; "
           f"after it closes, a new connection counts {closed[1]}; had it ended without closing, {left_open[1]}")
