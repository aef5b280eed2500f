import GRDB

// Exercise s4-binary-predict · predict the output · chapter 4, "Ordering, and what \"by name\" means"
//
// Read this program, then write in prediction.txt what it prints, line by
// line. Don't run it: `make ex` runs it and compares.

func program(say: (String) -> Void) throws {
    let queue = try DatabaseQueue()
    try queue.write { db in
        try db.execute(
            sql: """
                CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                INSERT INTO item (name) VALUES ('banana'), ('Cherry'), ('apple'), ('Äpfel'), ('Zebra');
                """)
    }
    try queue.read { db in
        let binary = try String.fetchAll(db, sql: "SELECT name FROM item ORDER BY name")
        say("BINARY: " + binary.joined(separator: ", "))
        let nocase = try String.fetchAll(db, sql: "SELECT name FROM item ORDER BY name COLLATE NOCASE")
        say("NOCASE: " + nocase.joined(separator: ", "))
        say("'apple' = 'APPLE': \(try Bool.fetchOne(db, sql: "SELECT 'apple' = 'APPLE'") ?? false)")
        say("with NOCASE: \(try Bool.fetchOne(db, sql: "SELECT 'apple' = 'APPLE' COLLATE NOCASE") ?? false)")
        say(
            "'äpfel' = 'ÄPFEL' with NOCASE: \(try Bool.fetchOne(db, sql: "SELECT 'äpfel' = 'ÄPFEL' COLLATE NOCASE") ?? false)"
        )
    }
}
