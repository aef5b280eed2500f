import ExerciseSupport

let setup = """
    CREATE TABLE teams (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL, teamID INTEGER REFERENCES teams(id));
    INSERT INTO teams (id, name) VALUES (1, 'Tigers'), (2, 'Lions'), (3, 'Bears'), (4, 'Eagles');
    INSERT INTO players (name, teamID) VALUES
      ('Blob', 2), ('Blob Jr', 2), ('Blob Sr', 1), ('Blobby', 4), ('Bobby', NULL);
    """

runQueryCheck(
    "s3-team-sizes", "every team with its number of players, biggest first, ties by name", setup: setup,
    expected: [["Lions", "2"], ["Eagles", "1"], ["Tigers", "1"], ["Bears", "0"]])
