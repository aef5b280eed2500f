"""Claim (chapter 4): SQLite numbers new rows, and with AUTOINCREMENT it never hands out the id of a deleted
row again. (Without it, the largest id, once deleted, is handed out again.)

The one thing that differs between the two tables: AUTOINCREMENT.
"""

import os
import lab

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "items.sqlite"))
    ids = {}
    for table, key in (("plain", "INTEGER PRIMARY KEY"), ("counted", "INTEGER PRIMARY KEY AUTOINCREMENT")):
        db.execute(f"CREATE TABLE {table} (id {key}, name TEXT);"
                   f"INSERT INTO {table} (name) VALUES ('Apple'), ('Banana'), ('Cherry');"
                   f"DELETE FROM {table} WHERE id = 3;"
                   f"INSERT INTO {table} (name) VALUES ('Date')")
        ids[table] = [int(row[0]) for row in db.execute(f"SELECT id FROM {table} ORDER BY id")]
    lab.check(ids["plain"] == [1, 2, 3] and ids["counted"] == [1, 2, 4], f"ids {ids}")

lab.report(f"3 rows, the third deleted, one more inserted: without AUTOINCREMENT ids {ids['plain']} (3 again), "
           f"with it {ids['counted']}")
