"""Claim (s4-nocase-sql's hint): ORDER BY name COLLATE NOCASE alone leaves apple and Apple in whatever order
SQLite reads them (here, by count through an index).

The exercise's table and index; the one thing that differs between the two queries is the tie-break
(`, id`). Without it, SQLite reads the rows through the index on count (its plan says so) and the two
names that NOCASE makes equal come out in count order: Apple (2) before apple (5), though apple has id 3.
"""

import lab

c = lab.Connection(":memory:")
c.execute("""
    CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, count INTEGER NOT NULL);
    CREATE INDEX item_by_count ON item(count);
    INSERT INTO item (name, count) VALUES
      ('banana', 3), ('Cherry', 2), ('apple', 5), ('Zebra', 1), ('Apple', 2), ('date', 0), ('Banana', 4),
      ('äpfel', 2), ('Äpfel', 6);
""")
query = "SELECT name FROM item WHERE count >= 2 ORDER BY name COLLATE NOCASE"
plan = " / ".join(row[3] for row in c.execute("EXPLAIN QUERY PLAN " + query))
untied = [r[0] for r in c.execute(query)]
tied = [r[0] for r in c.execute(query + ", id")]
lab.check("item_by_count" in plan and untied[:2] == ["Apple", "apple"] and tied[:2] == ["apple", "Apple"],
          f"plan: {plan}; without id: {untied}; with id: {tied}")
lab.report(f"plan: {plan}; ORDER BY name COLLATE NOCASE gives {', '.join(untied[:2])} (count order); "
           f"with `, id`: {', '.join(tied[:2])}")
