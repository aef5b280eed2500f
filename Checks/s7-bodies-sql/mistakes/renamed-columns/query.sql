-- Exercise s7-bodies-sql · write the SQL · chapter 7, "The schema is a SQL file"
--
-- Table: solar_body (id, name, english_name, body_type, density, gravity,
--   discovered_by, discovery_date), as Steps/step7/Resources/BodiesDB-001.sql
--   creates it; unknown values are NULL.
-- Write one SELECT: the English name and gravity of every planet whose
-- gravity is known, strongest gravity first.
-- Columns: english_name, gravity. Lines starting with -- are ignored.
SELECT english_name AS name, gravity AS g FROM solar_body
WHERE body_type = 'Planet' AND gravity IS NOT NULL
ORDER BY gravity DESC;
