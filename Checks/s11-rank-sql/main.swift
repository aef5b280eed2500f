import ExerciseSupport

// Each rule has a case of its own. The planets have no tie: only the order
// (largest first) decides their ranks. Ganymede and Titan tie: ROW_NUMBER
// breaks the tie, RANK does not. Callisto, after the tie, is 3 with RANK and
// 2 with DENSE_RANK. And the moons, ranked with the planets in one window
// (no PARTITION BY), would start at 3.
let setup = """
    CREATE TABLE body (name TEXT, type TEXT, radius REAL);
    INSERT INTO body VALUES
      ('Callisto', 'Moon', 2410.3), ('Jupiter', 'Planet', 69911.0), ('Titan', 'Moon', 2634.1),
      ('Earth', 'Planet', 6371.0), ('Ganymede', 'Moon', 2634.1);
    """

/// The rank of `name` in the learner's rows (the third column).
func rank(_ rows: [[String]], _ name: String) -> String? {
    rows.first { $0.first == name }.map { $0[2] }
}

runQueryCheck(
    "s11-rank-sql", "every body ranked by radius within its type", setup: setup,
    expected: [
        ["Ganymede", "Moon", "1"], ["Titan", "Moon", "1"], ["Callisto", "Moon", "3"],
        ["Jupiter", "Planet", "1"], ["Earth", "Planet", "2"],
    ],
    rules: [
        .columns("three columns: name, type, rank"),
        QueryRule("every body once: Callisto, Earth, Ganymede, Jupiter, Titan") { rows, expected in
            rows.map { $0.first ?? "" }.sorted() == expected.map { $0[0] }.sorted()
        },
        QueryRule("the largest first: Jupiter is the planets' 1, Earth their 2 (ORDER BY radius DESC)") { rows, _ in
            rank(rows, "Jupiter") == "1" && rank(rows, "Earth") == "2"
        },
        QueryRule("equal radii share a rank: Ganymede and Titan are both 1 (RANK, not ROW_NUMBER)") { rows, _ in
            rank(rows, "Ganymede") != nil && rank(rows, "Ganymede") == rank(rows, "Titan")
        },
        QueryRule("each type ranked on its own: the largest moon is 1 too (PARTITION BY type)") { rows, _ in
            rank(rows, "Ganymede") == "1"
        },
        QueryRule("after a tie the next rank is skipped: Callisto is 3, after two 1s (RANK, not DENSE_RANK)") {
            rows, _ in rank(rows, "Callisto") == "3"
        },
        QueryRule("ordered by type, rank, name") { rows, expected in rows == expected },
    ])
