import GRDB

// Exercise s8-xinfo-predict · predict the output · chapter 8, "What the generator asks SQLite"
//
// Read this program, then write in prediction.txt what it prints, line by
// line. Don't run it: `make ex` runs it and compares. It prints what the
// generator reads about each column before it writes a property.

func program(say: (String) -> Void) throws {
    let dbQueue = try DatabaseQueue()
    try dbQueue.write { db in
        try db.execute(
            sql: """
                CREATE TABLE player (
                  id INTEGER PRIMARY KEY,
                  name TEXT NOT NULL DEFAULT '',
                  score,
                  shout TEXT GENERATED ALWAYS AS (upper(name))
                )
                """)
    }
    // One row per column, hidden ones included (table_info skips generated
    // columns). dflt_value is the DEFAULT as written in the SQL, or NULL.
    let sql = """
        SELECT name, type, "notnull", dflt_value, pk, hidden
        FROM pragma_table_xinfo('player') ORDER BY cid
        """
    try dbQueue.read { db in
        for row in try Row.fetchAll(db, sql: sql) {
            let name: String = row["name"]
            let type: String = row["type"]
            let notNull: Int = row["notnull"]
            let defaultSQL: String? = row["dflt_value"]
            let pk: Int = row["pk"]
            let hidden: Int = row["hidden"]
            say("\(name): type=\(type) notnull=\(notNull) default=\(defaultSQL ?? "NULL") pk=\(pk) hidden=\(hidden)")
        }
    }
}
