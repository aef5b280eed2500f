-- Exercise s3-team-sizes · write the SQL · chapter 3, "Queries"
--
-- Tables: teams (id, name), players (id, name, teamID REFERENCES teams)
-- Write one SELECT: every team's name and how many players it has, teams
-- without players included (with 0), the biggest team first, ties by name.
-- Columns: name, players. Lines starting with -- are ignored.
SELECT teams.name, count(players.id)
FROM teams
LEFT JOIN players ON players.teamID = teams.id
GROUP BY teams.id
ORDER BY 2 DESC, teams.name;
