import ExerciseSupport

let setup = """
    CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, count INTEGER NOT NULL);
    CREATE INDEX item_by_count ON item(count);
    INSERT INTO item (name, count) VALUES
      ('banana', 3), ('Cherry', 2), ('apple', 5), ('Zebra', 1), ('Apple', 2), ('date', 0), ('Banana', 4),
      ('äpfel', 2), ('Äpfel', 6);
    """
// The index on count makes SQLite read the rows by count, not by id: rows
// whose names tie under NOCASE (apple 5, Apple 2) come out in count order
// unless the query breaks the tie by id. NOCASE folds A–Z only: Äpfel and
// äpfel stay different, ordered by their bytes.

// edge(column-names, renamed-columns): the task names the columns name, count
// edge(boundary, count-above-2): Cherry, Apple and äpfel have exactly 2: count ≥ 2 keeps them
// edge(ties, no-tie-break): apple 5 and Apple 2 tie under NOCASE; the index on count would order them by count
// edge(case-and-accents, binary-order): Äpfel and äpfel: NOCASE folds A–Z only
runQueryCheck(
    "s4-nocase-sql", "items with count ≥ 2, by name ignoring case, then by id", setup: setup,
    expected: [
        ["apple", "5"], ["Apple", "2"], ["banana", "3"], ["Banana", "4"], ["Cherry", "2"], ["Äpfel", "6"],
        ["äpfel", "2"],
    ],
    rules: [
        .columns("two columns: name, then count"),
        QueryRule("no item with a count below 2") { rows, _ in rows.allSatisfy { (Int($0.last ?? "") ?? 0) >= 2 } },
        .sameRows("every item with count ≥ 2, those with exactly 2 included"),
        QueryRule("ordered by name ignoring case: apple and Apple together (BINARY puts every capital first)") {
            rows, expected in rows.map { $0[0].lowercased() } == expected.map { $0[0].lowercased() }
        },
        QueryRule("names equal but for case are ordered by id (apple, id 3, before Apple, id 5)") { rows, expected in
            rows == expected
        },
    ],
    names: ["name", "count"])
