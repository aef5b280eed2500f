import ExerciseSupport

// The rows are stored in an order that no rule follows by chance: FTS5 returns
// matches by rowid without ORDER BY, which puts the best match first but the
// long Mackerel name before the short Smoked Trout. "Hot-Smoked" has the word
// (the tokenizer splits at '-'), "Unsmoked" has only the substring, "Smokedown" only
// the prefix (MATCH 'smoked*' finds it; the word smoked is not in it).
let setup = """
    CREATE VIRTUAL TABLE product_fts USING fts5(product, tokenize = 'unicode61 remove_diacritics 2');
    INSERT INTO product_fts (product) VALUES
      ('Smoked Sea Salt, Smoked Twice'), ('Earl Grey Tea'), ('Hot-Smoked Mackerel Fillets in Oil'),
      ('Unsmoked Back Bacon'), ('Rye Bread'), ('Smoked Trout'), ('Fig Jam'), ('Oat Biscuits'),
      ('Smokedown Barbecue Sauce');
    """

// edge(column-names, renamed-column): the task names the column product
// edge(whitespace, like-word-edges): Hot-Smoked: the word after a hyphen, where word edges by spaces miss it
// edge(contained-ids, prefix-query): Smokedown starts with smoked; Unsmoked contains it: neither is the word
runQueryCheck(
    "s10-match-sql", "the products with the word smoked, best match first", setup: setup,
    // Best first: the name that says "smoked" twice, then the short one, then the long one.
    expected: [["Smoked Sea Salt, Smoked Twice"], ["Smoked Trout"], ["Hot-Smoked Mackerel Fillets in Oil"]],
    rules: [
        .columns("one column: product"),
        QueryRule("the word smoked, not a substring (LIKE '%smoked%'): Unsmoked Back Bacon is no match") {
            rows, _ in !rows.contains { $0[0].hasPrefix("Unsmoked") }
        },
        QueryRule("the word smoked, not a prefix (MATCH 'smoked*'): Smokedown Barbecue Sauce is no match") {
            rows, _ in !rows.contains { $0[0].hasPrefix("Smokedown") }
        },
        .sameRows("every product with the word smoked, Hot-Smoked Mackerel too: the index splits words at '-'"),
        QueryRule("the worst match comes first: bm25's lowest score is the best (the name that says smoked twice)") {
            rows, expected in rows.first == expected.first
        },
        QueryRule("ranked all the way by bm25(product_fts), not in the order FTS5 stores the rows") {
            rows, expected in rows == expected
        },
    ],
    names: ["product"])
