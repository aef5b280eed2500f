import ExerciseSupport

let setup = """
    CREATE TABLE teams (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL, teamID INTEGER REFERENCES teams(id));
    INSERT INTO teams (id, name) VALUES (1, 'Tigers'), (2, 'Lions'), (3, 'Bears'), (4, 'Eagles');
    INSERT INTO players (name, teamID) VALUES
      ('Blob', 2), ('Blob Jr', 2), ('Blob Sr', 1), ('Blobby', 4), ('Bobby', NULL);
    """

// edge(column-names, unnamed-count): the task names the columns name, players
// edge(empty, inner-join): the Bears, a team without players: count 0
// edge(null, count-star): Bobby's teamID is NULL; the Bears' row from LEFT JOIN has a NULL player id
// edge(ties, no-tie-break): Eagles and Tigers, one player each: by name
runQueryCheck(
    "s3-team-sizes", "every team with its number of players, biggest first, ties by name", setup: setup,
    expected: [["Lions", "2"], ["Eagles", "1"], ["Tigers", "1"], ["Bears", "0"]],
    rules: [
        .columns("two columns: the team's name, then its number of players"),
        .sameValues(
            column: 0, "every team once, the empty Bears included (an inner JOIN drops a team without players)"),
        QueryRule("the Bears have no player: count 0 (count(*) counts the row LEFT JOIN adds for them)") { rows, _ in
            rows.contains(["Bears", "0"])
        },
        .sameRows("each team's number of players"),
        QueryRule("biggest team first (ORDER BY the count DESC)") { rows, _ in
            zip(rows, rows.dropFirst()).allSatisfy { (Int($0[1]) ?? 0) >= (Int($1[1]) ?? 0) }
        },
        QueryRule("teams with as many players are ordered by name (Eagles before Tigers)") { rows, expected in
            rows == expected
        },
    ],
    names: ["name", "players"])
