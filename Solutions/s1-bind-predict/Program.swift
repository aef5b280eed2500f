import CSQLite

// Exercise s1-bind-predict · predict the output · chapter 1, "When SQLite says no"
//
// Read this program, then write in prediction.txt what it prints, line by
// line. Don't run it: `make ex` runs it and compares.

func program(say: (String) -> Void) {
    var db: OpaquePointer?
    sqlite3_open(":memory:", &db)
    defer { sqlite3_close(db) }
    sqlite3_exec(db, "CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)", nil, nil, nil)

    var insert: OpaquePointer?
    sqlite3_prepare_v2(db, "INSERT INTO players (name) VALUES (?)", -1, &insert, nil)
    defer { sqlite3_finalize(insert) }
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    for name in ["Blob", "Blob", "Blob Jr"] {
        sqlite3_reset(insert)
        sqlite3_bind_text(insert, 1, name, -1, transient)
        let code = sqlite3_step(insert)
        say("\(name): \(code == SQLITE_DONE ? "inserted" : String(cString: sqlite3_errstr(code)))")
    }
    say("last id: \(sqlite3_last_insert_rowid(db))")

    var count: OpaquePointer?
    sqlite3_prepare_v2(db, "SELECT count(*), max(id) FROM players", -1, &count, nil)
    defer { sqlite3_finalize(count) }
    sqlite3_step(count)
    say("rows: \(sqlite3_column_int64(count, 0)), highest id: \(sqlite3_column_int64(count, 1))")
}
