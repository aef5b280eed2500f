-- Exercise s3-team-sizes · write the SQL · chapter 3, "Queries"
--
-- Tables: teams (id, name), players (id, name, teamID REFERENCES teams)
-- Write one SELECT: every team's name and how many players it has, teams
-- without players included (with 0), the biggest team first, ties by name.
-- Columns: name, players. Lines starting with -- are ignored.
SELECT t.name,
       (SELECT count(*) FROM players AS p WHERE p.teamID = t.id) AS players
FROM teams AS t
ORDER BY players DESC, t.name;
