import ExerciseSupport

// Each rule has a case of its own. The planets have no tie: only the order
// (largest first) decides their ranks. Ganymede and Titan tie: ROW_NUMBER
// breaks the tie, RANK does not. Callisto, after the tie, is 3 with RANK and
// 2 with DENSE_RANK. And the moons, ranked with the planets in one window
// (no PARTITION BY), come after Earth: 3 and 3, where Earth is 2. A rank
// counted by hand (`1 + count(*)` of the larger bodies) with >= instead of >
// counts the body itself and its ties: Jupiter 2, or the tie 2 without the 1 +.
// edge(ties, row-number): Ganymede and Titan share a radius; Callisto comes after them
// edge(boundary, count-at-least): a rank counted by hand, with >= (the body and its ties) for >
// edge(column-names, unnamed-rank): the task names the columns name, type, rank
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

/// A rank as a number to compare (a missing or non-numeric rank compares as the largest).
func number(_ rank: String?) -> Int { rank.flatMap { Int($0) } ?? .max }

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
        QueryRule("the largest first: Jupiter ranks before Earth (ORDER BY radius DESC)") { rows, _ in
            number(rank(rows, "Jupiter")) < number(rank(rows, "Earth"))
        },
        QueryRule("each type ranked on its own: the moons are not ranked after Earth (PARTITION BY type)") {
            rows, _ in number(rank(rows, "Ganymede")) <= number(rank(rows, "Earth"))
        },
        QueryRule("equal radii share a rank: Ganymede and Titan are both 1 (RANK, not ROW_NUMBER)") { rows, _ in
            rank(rows, "Ganymede") != nil && rank(rows, "Ganymede") == rank(rows, "Titan")
        },
        QueryRule(
            "a rank counts the larger bodies only: Jupiter, Ganymede and Titan are 1 "
                + "(by hand: 1 + the number with a radius > this one; >= counts the body itself and its ties)"
        ) { rows, _ in rank(rows, "Jupiter") == "1" && rank(rows, "Ganymede") == "1" },
        QueryRule("after a tie the next rank is skipped: Callisto is 3, after two 1s (RANK, not DENSE_RANK)") {
            rows, _ in rank(rows, "Callisto") == "3"
        },
        QueryRule("ordered by type, rank, name") { rows, expected in rows == expected },
    ],
    names: ["name", "type", "rank"])
