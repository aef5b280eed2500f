import CourseCore

/// What the queue prevents, staged so that it happens every time.
///
/// Writers share one connection with no queue between them. Each write sends
/// the statements `SerialDatabase.write` sends — BEGIN IMMEDIATE, its INSERT,
/// COMMIT, and ROLLBACK once one of them fails — but nothing keeps a write's
/// statements together: `order` says whose statement runs next ("AABB…"), one
/// of the orders two threads can take. No thread and no luck is involved, so
/// the same order gives the same damage on every run. Everything reported is
/// what SQLite answered and what the table holds.
struct InterleavedWrites {
    /// One write: the row it inserts, and what its writer was told.
    struct Write {
        let writer: Character
        let name: String
        var told = Told.pending
    }

    enum Told: String {
        case pending = "nothing yet"
        case saved = "saved"  // its COMMIT returned SQLITE_OK
        case failed = "failed"  // a statement failed; the writer rolled back and gave up
    }

    /// One statement as it ran: who sent it, SQLite's answer, and the connection just after.
    struct Statement {
        let writer: Character
        let sql: String
        let answer: String
        let inTransaction: Bool
        let rows: [String]  // what a SELECT on the connection sees, uncommitted rows included
    }

    private(set) var writes: [Write]
    private(set) var statements: [Statement] = []
    private(set) var table: [String] = []  // the rows at the end

    init(_ writes: [(writer: Character, name: String)]) {
        self.writes = writes.map { Write(writer: $0.writer, name: $0.name) }
    }

    /// The statement each writer sends next, for its first unfinished write.
    private enum Next { case begin, insert, commit, rollback }
    private var next: [Character: Next] = [:]

    // [docs:interleaved-writes]
    /// Runs one statement per letter of `order` on `db`, each from that writer.
    mutating func run(on db: RawConnection, order: String) throws {
        for writer in order {
            guard let index = writes.firstIndex(where: { $0.writer == writer && $0.told == .pending }) else {
                throw CourseError.input(
                    "writer \(writer) has no write left at letter \(statements.count + 1) of \(order)")
            }
            let step = next[writer, default: .begin]
            var failure: String?  // SQLite's message, when the statement fails
            do {
                switch step {
                case .begin: try db.execute("BEGIN IMMEDIATE")
                case .insert: try db.run("INSERT INTO players (name) VALUES (?)", [.text(writes[index].name)])
                case .commit: try db.execute("COMMIT")
                case .rollback: try db.execute("ROLLBACK")
                }
            } catch {
                failure = (error as? SQLiteError)?.message ?? "\(error)"
            }
            // What `SerialDatabase.write` does next: go on, give up after ROLLBACK, or roll back.
            switch (step, failure == nil) {
            case (.begin, true): next[writer] = .insert
            case (.insert, true): next[writer] = .commit
            case (.commit, true): (writes[index].told, next[writer]) = (.saved, .begin)
            case (.rollback, _): (writes[index].told, next[writer]) = (.failed, .begin)
            case (_, false): next[writer] = .rollback
            }
            statements.append(
                Statement(
                    writer: writer, sql: Self.sql(step, writes[index].name), answer: failure ?? "ok",
                    inTransaction: !db.isAutocommit, rows: try names(db)))
        }
        table = try names(db)
    }
    // [/docs:interleaved-writes]

    private func names(_ db: RawConnection) throws -> [String] {
        try db.query("SELECT name FROM players ORDER BY id").compactMap { row in
            if case .text(let name) = row[0] { name } else { nil }
        }
    }

    private static func sql(_ step: Next, _ name: String) -> String {
        switch step {
        case .begin: "BEGIN IMMEDIATE"
        case .insert: "INSERT '\(name)'"
        case .commit: "COMMIT"
        case .rollback: "ROLLBACK"
        }
    }

    /// Writes told "saved" whose row is not in the table, and writes told "failed" whose row is.
    var lostAfterSaved: [Write] { writes.filter { $0.told == .saved && !table.contains($0.name) } }
    var keptAfterFailed: [Write] { writes.filter { $0.told == .failed && table.contains($0.name) } }

    /// The tour's sentence, true to what the writers were told and what the table holds.
    var summary: String {
        let saved = writes.filter { $0.told == .saved }.count
        let failed = writes.filter { $0.told == .failed }.count
        if lostAfterSaved.isEmpty && keptAfterFailed.isEmpty && saved + failed == writes.count {
            return "\(writes.count) writes, each told the truth: \(saved) saved and in the table, "
                + "\(failed) failed and not in it"
        }
        return "\(writes.count) writes: \(lostAfterSaved.count) told saved but not in the table, "
            + "\(keptAfterFailed.count) told failed but in the table, "
            + "\(writes.count - saved - failed) never finished"
    }
}
