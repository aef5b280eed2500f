import ExerciseSupport

let setup = """
    CREATE TABLE solar_body (id TEXT NOT NULL PRIMARY KEY, name TEXT NOT NULL, english_name TEXT NOT NULL,
      body_type TEXT NOT NULL, density REAL, gravity REAL, discovered_by TEXT, discovery_date TEXT);
    INSERT INTO solar_body (id, name, english_name, body_type, gravity) VALUES
      ('terre', 'La Terre', 'Earth', 'Planet', 9.8), ('mars', 'Mars', 'Mars', 'Planet', 3.71),
      ('jupiter', 'Jupiter', 'Jupiter', 'Planet', 24.79), ('lune', 'La Lune', 'Moon', 'Moon', 1.62),
      ('vulcain', 'Vulcain', 'Vulcan', 'Planet', NULL), ('soleil', 'Le Soleil', 'Sun', 'Star', 274),
      ('pluton', 'Pluton', 'Pluto', 'Dwarf Planet', 0.62), ('vesta', 'Vesta', 'Vesta', 'Asteroid', 0.22);
    """

// edge(domain, not-star-or-moon): every body_type BodiesDB-001.sql lists: Star, Planet, Dwarf Planet, Moon, Asteroid
// edge(null, no-null-filter): Vulcan, a planet whose gravity is NULL
// edge(column-names, renamed-columns): the task names the columns english_name, gravity

runQueryCheck(
    "s7-bodies-sql", "planets with a known gravity, strongest first", setup: setup,
    expected: [["Jupiter", "24.79"], ["Earth", "9.8"], ["Mars", "3.71"]],
    rules: [
        .columns("two columns: english_name, then gravity"),
        QueryRule("planets only (the Sun is a star, the Moon a moon)") { rows, _ in
            !rows.contains { ["Sun", "Moon"].contains($0[0]) }
        },
        QueryRule("planets only, of every body type the schema lists (Pluto is a dwarf planet, Vesta an asteroid)") {
            rows, _ in !rows.contains { ["Pluto", "Vesta"].contains($0[0]) }
        },
        QueryRule("a known gravity only (Vulcan's gravity is NULL)") { rows, _ in
            !rows.contains { $0[0] == "Vulcan" }
        },
        .sameRows("every planet with a known gravity"),
        QueryRule("strongest gravity first (ORDER BY gravity DESC)") { rows, expected in rows == expected },
    ],
    names: ["english_name", "gravity"])
