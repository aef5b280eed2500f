import ExerciseSupport

// Two keys to one table (match), a key without its column (player → team),
// a key to a text primary key (player → country), a table without keys. pragma_foreign_key_list
// lists a table's keys last declared first: away_team_id is declared before home_team_id, so
// only ORDER BY the column puts it first.
let setup = """
    CREATE TABLE country (code TEXT NOT NULL PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country_code TEXT REFERENCES country(code));
    CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, born_in TEXT REFERENCES country,
      team_id INTEGER REFERENCES team);
    CREATE TABLE match (id INTEGER PRIMARY KEY, away_team_id INTEGER NOT NULL REFERENCES team(id),
      home_team_id INTEGER NOT NULL REFERENCES team(id));
    CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT);
    """

// edge(column-names, unnamed-key): the task names the column key
// edge(null, to-column-assumed): player → team without a column: fk."to" is NULL
// edge(ties, table-only): two keys of match: by column, not as pragma_foreign_key_list lists them
runQueryCheck(
    "s8-foreign-keys-sql", "every foreign key column as child.column → parent.column", setup: setup,
    expected: [
        ["match.away_team_id → team.id"], ["match.home_team_id → team.id"],
        ["player.born_in → country.code"], ["player.team_id → team.id"],
        ["team.country_code → country.code"],
    ],
    rules: [
        .columns("one column: the key as text"),
        QueryRule("one row per foreign key column (setting has none, match has two)") { rows, expected in
            rows.count == expected.count
        },
        QueryRule(
            "a key written `REFERENCES team` alone names the parent's primary key (fk.\"to\" is NULL there)"
        ) { rows, _ in !rows.contains { $0[0] == "NULL" || $0[0].hasSuffix(".") || $0[0].hasSuffix(".NULL") } },
        .sameRows("each key as child.column → parent.column"),
        QueryRule("ordered by child table") { rows, _ in
            let tables = rows.map { $0[0].prefix { $0 != "." } }
            return tables == tables.sorted()
        },
        QueryRule("then by child column (match.away_team_id before match.home_team_id)") { rows, expected in
            rows == expected
        },
    ],
    names: ["key"])
