import ExerciseSupport

// Two keys to one table (match), a key without its column (player → team),
// a key to a text primary key (player → country), a table without keys.
let setup = """
    CREATE TABLE country (code TEXT NOT NULL PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country_code TEXT REFERENCES country(code));
    CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, team_id INTEGER REFERENCES team,
      born_in TEXT REFERENCES country);
    CREATE TABLE match (id INTEGER PRIMARY KEY, home_team_id INTEGER NOT NULL REFERENCES team(id),
      away_team_id INTEGER NOT NULL REFERENCES team(id));
    CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT);
    """

runQueryCheck(
    "s8-foreign-keys-sql", "every foreign key column as child.column → parent.column", setup: setup,
    expected: [
        ["match.away_team_id → team.id"], ["match.home_team_id → team.id"],
        ["player.born_in → country.code"], ["player.team_id → team.id"],
        ["team.country_code → country.code"],
    ])
