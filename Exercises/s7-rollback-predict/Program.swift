import GRDB

// Exercise s7-rollback-predict · predict the output · chapter 7, "The sync: one plan, one transaction"
//
// Read this program, then write in prediction.txt what it prints, line by
// line. Don't run it: `make ex` runs it and compares.

struct Broken: Error {}

func program(say: (String) -> Void) throws {
    let cache = try DatabaseQueue()
    try cache.write { db in
        try db.execute(
            sql: """
                CREATE TABLE solar_body (id TEXT NOT NULL PRIMARY KEY, english_name TEXT NOT NULL);
                INSERT INTO solar_body VALUES ('terre', 'Earth'), ('lune', 'Moon');
                """)
    }
    func count() throws -> Int {
        try cache.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM solar_body") ?? -1 }
    }
    say("before: \(try count())")

    do {
        try cache.write { db in
            try db.execute(sql: "DELETE FROM solar_body")
            try db.execute(sql: "INSERT INTO solar_body VALUES ('mars', 'Mars')")
            throw Broken()
        }
    } catch {
        say("the first sync threw")
    }
    say("after it: \(try count())")

    try cache.write { db in
        try db.execute(sql: "DELETE FROM solar_body")
    }
    do {
        try cache.write { db in
            try db.execute(sql: "INSERT INTO solar_body VALUES ('mars', 'Mars')")
            try db.execute(sql: "INSERT INTO solar_body VALUES ('mars', 'Mars again')")
        }
    } catch {
        say("the second sync threw")
    }
    say("after it: \(try count())")
}
