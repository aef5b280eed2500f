"""Claim (chapter 9): a rollback-journal file's locks, seen from the connections that hold them. BEGIN
(DEFERRED) takes no lock; any number of readers hold SHARED at once; a writer's RESERVED (BEGIN IMMEDIATE)
lets them go on reading, and only one connection holds it; at COMMIT the writer wants EXCLUSIVE and holds
PENDING while readers remain: the readers already reading finish, a new one is refused; once they are gone
the writer writes the file and deletes its journal.

One file in the DELETE journal mode, no busy handler: a wait shows as SQLITE_BUSY.
"""

import os
import lab

with lab.scratch() as folder:
    path = os.path.join(folder, "entries.sqlite")
    writer, other, newcomer = lab.Connection(path), lab.Connection(path), lab.Connection(path)
    readers = [lab.Connection(path), lab.Connection(path)]
    writer.execute("CREATE TABLE entry (n INTEGER); INSERT INTO entry VALUES (1)")

    writer.execute("BEGIN")  # DEFERRED: no lock yet, so another connection can write and commit
    other.execute("BEGIN IMMEDIATE; INSERT INTO entry VALUES (2); COMMIT")
    writer.execute("ROLLBACK")

    for reader in readers:  # SHARED, both at once
        reader.execute("BEGIN")
        reader.value("SELECT count(*) FROM entry")
    writer.execute("BEGIN IMMEDIATE; INSERT INTO entry VALUES (3)")  # RESERVED: the readers go on
    reading = [reader.value("SELECT count(*) FROM entry") for reader in readers]
    second = other.fails("BEGIN IMMEDIATE")  # one RESERVED at a time
    journal_during = os.path.exists(path + "-journal")

    pending = writer.fails("COMMIT")  # wants EXCLUSIVE: the readers' SHARED locks are in the way
    still_open = writer.in_transaction()
    finishing = readers[0].value("SELECT count(*) FROM entry")  # a reader already reading goes on
    refused = newcomer.fails("SELECT count(*) FROM entry")  # PENDING: no new SHARED lock
    for reader in readers:
        reader.execute("COMMIT")
    writer.execute("COMMIT")
    journal_after = os.path.exists(path + "-journal")
    final = newcomer.value("SELECT count(*) FROM entry")

    lab.check(reading == ["2", "2"] and second.name == "SQLITE_BUSY" and journal_during,
              f"readers under RESERVED: {reading}; a second writer: {second}; journal: {journal_during}")
    lab.check(pending.name == "SQLITE_BUSY" and still_open and finishing == "2"
              and refused.name == "SQLITE_BUSY", f"COMMIT: {pending}; old reader {finishing}; new reader: {refused}")
    lab.check(not journal_after and final == "3", f"after the commit: journal {journal_after}, count {final}")

lab.report(f"BEGIN took no lock (another connection committed meanwhile); 2 readers read under the writer's "
           f"RESERVED; a second BEGIN IMMEDIATE: {second.name}; COMMIT with readers left: {pending.name}, the "
           f"transaction open (PENDING): an old reader still read {finishing}, a new one got {refused.name}; "
           "with the readers gone, COMMIT wrote the file and deleted the journal")
