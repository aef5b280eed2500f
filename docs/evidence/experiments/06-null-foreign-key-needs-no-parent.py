"""Claim (chapter 6, the schema diagram): a product has at most one category: its CategoryID may be NULL
(no category), and with foreign keys on, a non-NULL CategoryID must name an existing category.

Foreign keys on; the one thing that differs between the two inserts is the CategoryID (NULL, 99).
"""

import lab

c = lab.Connection(":memory:")
c.execute("""
    PRAGMA foreign_keys = ON;
    CREATE TABLE Categories (CategoryID INTEGER PRIMARY KEY AUTOINCREMENT, CategoryName TEXT);
    CREATE TABLE Products (ProductID INTEGER PRIMARY KEY, CategoryID INTEGER,
                           FOREIGN KEY (CategoryID) REFERENCES Categories (CategoryID));
""")
c.execute("INSERT INTO Products (CategoryID) VALUES (NULL)")
refused = c.fails("INSERT INTO Products (CategoryID) VALUES (99)")
lab.check(refused.name == "SQLITE_CONSTRAINT_FOREIGNKEY", f"CategoryID 99: {refused}")
lab.report(f"CategoryID NULL: stored, no category needed; CategoryID 99 (no such category): {refused.name}")
