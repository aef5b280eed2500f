import GRDB

// Exercise s10-tokens-predict · predict the output · chapter 10, "Accents: what the tokenizer folds, and what it cannot"
//
// Read this program, then write in prediction.txt what it prints, line by
// line. Don't run it: `make ex` runs it and compares.

func program(say: (String) -> Void) throws {
    let queue = try DatabaseQueue()
    try queue.write { db in
        try db.execute(
            sql: """
                CREATE VIRTUAL TABLE note USING fts5(body, tokenize = 'unicode61 remove_diacritics 2');
                INSERT INTO note (body) VALUES ('Crème Brûlée'), ('Øresund Pickled-Herring'), ('Pim''s 100% Rye');
                -- Every term of the index, one row each (in the index's own order: by bytes).
                CREATE VIRTUAL TABLE note_terms USING fts5vocab(note, 'row');
                """)
    }
    try queue.read { db in
        let terms = try String.fetchAll(db, sql: "SELECT term FROM note_terms ORDER BY term")
        say("terms: " + terms.joined(separator: " "))
        for query in ["oresund", "ØRESUND", "\"pickled herring\"", "brul*"] {
            let count =
                try Int.fetchOne(db, sql: "SELECT count(*) FROM note WHERE note MATCH ?", arguments: [query]) ?? 0
            say("\(query): \(count)")
        }
    }
}
