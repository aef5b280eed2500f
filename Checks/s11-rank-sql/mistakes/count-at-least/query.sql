-- Exercise s11-rank-sql · write the SQL · chapter 11, "Rank within each type: a window function"
--
-- Table: body (name TEXT, type TEXT, radius REAL).
-- Write one SELECT: every body with its rank by radius within its type, the
-- largest first; equal radii share a rank and the next rank is skipped (1, 1, 3).
-- Columns: name, type, rank, ordered by type, rank, name. Lines starting with -- are ignored.
SELECT name, type,
       (SELECT count(*) FROM body AS other WHERE other.type = body.type AND other.radius >= body.radius) AS rank
FROM body
ORDER BY type, rank, name;
