"""Claim (chapter 2): once BEGIN IMMEDIATE succeeds, the transaction holds the write lock: another connection's
BEGIN IMMEDIATE must wait (its busy handler runs), and this transaction can read, then write, without its write
failing for want of the lock (a DEFERRED transaction that reads first can: 09-deferred-read-then-write-fails.py).
"""

import os
import lab

with lab.scratch() as folder:
    path = os.path.join(folder, "players.sqlite")
    a, b = lab.Connection(path), lab.Connection(path)
    a.execute("CREATE TABLE players (name TEXT)")

    a.execute("BEGIN IMMEDIATE")
    a.value("SELECT count(*) FROM players")  # A reads first

    # B wants to write too. Its busy handler runs while A holds the lock: A writes and commits, then B may go on.
    def a_writes_and_commits(call):
        if call == 0:
            a.execute("INSERT INTO players VALUES ('Blob'); COMMIT")
        return True

    b.on_busy(a_writes_and_commits)
    b.execute("BEGIN IMMEDIATE; INSERT INTO players VALUES ('Blob Jr'); COMMIT")
    names = a.execute("SELECT name FROM players ORDER BY rowid")
    lab.check(b.busy_calls == 1 and names == [["Blob"], ["Blob Jr"]],
              f"B's busy handler ran {b.busy_calls} times; rows {names}")
    a.close(), b.close()

lab.report("A in BEGIN IMMEDIATE read, then wrote and committed while B's BEGIN IMMEDIATE waited "
           f"(B's busy handler ran {b.busy_calls} time); then B wrote")
