-- Exercise s4-nocase-sql · write the SQL · chapter 4, "Ordering, and what \"by name\" means"
--
-- Table: item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, count INTEGER NOT NULL)
-- Write one SELECT: the name and count of every item whose count is at
-- least 2, ordered by name ignoring the case of A–Z with SQLite's own
-- collation (no Swift), and items with the same name that way by id.
-- Columns: name, count. Lines starting with -- are ignored.
SELECT name AS item, count AS n FROM item WHERE count >= 2 ORDER BY name COLLATE NOCASE, id;
