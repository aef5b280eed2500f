import ExerciseSupport

let setup = """
    CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, count INTEGER NOT NULL);
    INSERT INTO item (name, count) VALUES
      ('banana', 3), ('Cherry', 2), ('apple', 5), ('Zebra', 1), ('Apple', 2), ('date', 0), ('Banana', 4);
    """

runQueryCheck(
    "s4-nocase-sql", "items with count ≥ 2, by name ignoring case, then by id", setup: setup,
    expected: [["apple", "5"], ["Apple", "2"], ["banana", "3"], ["Banana", "4"], ["Cherry", "2"]])
