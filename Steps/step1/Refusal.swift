import CourseCore

/// A statement the tour expects SQLite to refuse, and what the refusal teaches.
struct Refusal: Sendable {
    var action: String
    var failingCall: String
    var lesson: String
    var run: @Sendable (OpaquePointer) throws -> Void

    static let tour = [
        Refusal(
            action: "Count the rows of a misspelled table, \"player\"", failingCall: "sqlite3_prepare_v2",
            lesson: "the SQL is compiled when prepared: a wrong name fails before anything runs",
            run: { db in _ = try countRows(db, table: "player") }),
        Refusal(
            action: "Insert a player whose name is NULL", failingCall: "sqlite3_exec",
            lesson: "the extended code names the exact constraint: 1299 = 19 + (5 << 8), NOT NULL",
            run: { db in try execute(db, "INSERT INTO players (name) VALUES (NULL)") }),
    ]
}
