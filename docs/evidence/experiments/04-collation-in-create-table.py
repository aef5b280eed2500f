"""Claim (chapter 4): with `COLLATE itemName` in `CREATE TABLE`, a program without the collation fails on
that column with "no such collation sequence".

A creates the table with the collation on the column (no index); B opens the file without registering it.
What fails is every use of the column that compares (ORDER BY, WHERE name = …); reading it and inserting
still work, since no index has to compare.
"""

import os
import sqlite3
import lab


def item_name(a, b):
    return (a.lower() > b.lower()) - (a.lower() < b.lower()) or (a > b) - (a < b)


def fails(connection, sql):
    try:
        connection.execute(sql).fetchall()
    except sqlite3.OperationalError as error:
        return str(error)
    return None


with lab.scratch() as folder:
    path = os.path.join(folder, "items.sqlite")
    a = sqlite3.connect(path, isolation_level=None)
    a.create_collation("itemName", item_name)
    a.execute("CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL COLLATE itemName)")
    a.execute("INSERT INTO item (name) VALUES ('banana'), ('Äpfel')")
    a.close()

    b = sqlite3.connect(path, isolation_level=None)
    select = fails(b, "SELECT name FROM item")
    insert = fails(b, "INSERT INTO item (name) VALUES ('Cherry')")
    order = fails(b, "SELECT name FROM item ORDER BY name")
    where = fails(b, "SELECT name FROM item WHERE name = 'banana'")
    expected = "no such collation sequence: itemName"
    lab.check(select is None and insert is None and order == expected and where == expected,
              f"SELECT: {select}; INSERT: {insert}; ORDER BY: {order}; WHERE: {where}")
    b.close()

lab.report(f"column declared COLLATE itemName, connection without it: SELECT and INSERT work; "
           f"ORDER BY name and WHERE name = … fail with \"{expected}\"")
