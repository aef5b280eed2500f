"""Claim (chapter 4): an index that uses a custom collation makes every connection without that collation
fail on INSERT and UPDATE of the indexed column, and on `PRAGMA integrity_check`: "no such collation sequence".

Connection A registers `itemName` (python3's sqlite3 `create_collation`: the same libsqlite3 as lab.py) and
creates the index; connection B, on the same file, does not register it: the one thing B lacks is the
collation. A read that does not use the index works; one the planner answers from the index (count(*): the
index is the smaller b-tree) fails too.
"""

import os
import sqlite3
import lab


def item_name(a, b):
    return (a.lower() > b.lower()) - (a.lower() < b.lower()) or (a > b) - (a < b)


def fails(connection, sql):
    try:
        connection.execute(sql)
    except sqlite3.OperationalError as error:
        return str(error)
    return None


with lab.scratch() as folder:
    path = os.path.join(folder, "items.sqlite")
    a = sqlite3.connect(path, isolation_level=None)
    a.create_collation("itemName", item_name)
    a.executescript("""
        CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, quantity INTEGER);
        CREATE INDEX item_name ON item (name COLLATE itemName);
        INSERT INTO item (name) VALUES ('banana'), ('Äpfel');
    """)
    a.close()

    b = sqlite3.connect(path, isolation_level=None)  # no create_collation
    rows = len(b.execute("SELECT * FROM item WHERE id > 0").fetchall())
    count = fails(b, "SELECT count(*) FROM item")
    insert = fails(b, "INSERT INTO item (name) VALUES ('Cherry')")
    update = fails(b, "UPDATE item SET name = 'Apple' WHERE id = 1")
    quantity = fails(b, "UPDATE item SET quantity = 3 WHERE id = 1")  # a column the index does not hold
    check = fails(b, "PRAGMA integrity_check")
    expected = "no such collation sequence: itemName"
    lab.check(rows == 2 and insert == expected and update == expected and check == expected and quantity is None
              and count == expected,
              f"read {rows} rows; INSERT: {insert}; UPDATE name: {update}; UPDATE quantity: {quantity}; "
              f"integrity_check: {check}; count(*): {count}")
    b.close()

lab.report(f"without the collation: INSERT, UPDATE of name, integrity_check and count(*) (read from the index) "
           f"fail with \"{expected}\"; a SELECT by rowid and an UPDATE of another column work")
