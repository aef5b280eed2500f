import CourseCore
import CourseGRDB
import Foundation
import GRDB

extension Step9 {
    /// `step9` with no subcommand: the lesson, narrated, on a fresh database
    /// file. Two connections to the same file, driven one step at a time in a
    /// fixed order from one thread: every lock conflict happens on purpose.
    static func runTour(trace: Bool) throws {
        let say = Narrator()
        say.title("Step 9 · Many readers, one writer")
        let path = try Workspace.freshDatabasePath("step9-tour.sqlite")  // a fresh start, every time
        try twoConnections(say, path: path, trace: trace) { a, b in
            if !(try commitWhileReading(say, reader: a, writer: b, journalMode: "delete")) {
                try waitForTheReader(say, reader: a, writer: b)
            }
            try readThenWrite(say, a, b, kind: .deferred)
            try readThenWrite(say, a, b, kind: .immediate)
            try snapshotInWAL(say, reader: a, writer: b, journalMode: "wal")
            try checkpoint(say, a, path: path)
            try aLongReader(say, reader: a, writer: b, path: path)
        }
        let configuration = CourseGRDB.configuration(trace: trace, narrator: say)
        try readDuringAWrite(say, try DatabasePool(path: path, configuration: configuration))
        let database = try AppDatabase.open(
            .file(path), configuration: WriteMode.shared.configuration(trace: trace, narrator: say))
        try lostUpdate(say, database)
        try howAWriteBegins(say, path: path, mode: .shared)
        try asyncAccess(say, database)
        yourTurn(say)
    }
}

// MARK: - Two connections

/// Opens connections A and B to `path`, makes the table with three entries,
/// and hands them to `lessons`.
func twoConnections(
    _ say: Narrator, path: String, trace: Bool, lessons: (Connection, Connection) throws -> Void
) throws {
    say.section("Two connections to one file")
    say.action("Open \(Workspace.display(path)) twice, as A and B, and add 3 entries through B")
    let a = try Connection("A", path: path, trace: trace, narrator: say)
    let b = try Connection("B", path: path, trace: trace, narrator: say)
    try AppDatabase.migrator.migrate(b.queue)
    try b.queue.write { db in
        for number in 1...3 {
            var entry = Entry(worker: 0, number: number)
            try entry.insert(db)  // INSERT INTO "entry" ("worker", "number") VALUES (0, ?)
        }
    }
    say.result("A counts \(try a.count()) entries, B counts \(try b.count())")
    say.note("each connection takes its own locks on the file, as it would in a process of its own")
    try lessons(a, b)
}

// MARK: - Sections

/// A reads in a transaction; B writes and commits, with no busy handler.
/// `journalMode` is what the section demonstrates ("delete", the rollback
/// journal); a test passes "wal" and watches the words change.
/// Returns whether B's commit went through.
func commitWhileReading(_ say: Narrator, reader a: Connection, writer b: Connection, journalMode: String) throws
    -> Bool
{
    say.section("A reader holds a lock (journal mode \(journalMode))")
    a.narrate(say, "PRAGMA journal_mode = \(journalMode)")
    a.narrate(say, "BEGIN")
    a.narrate(say, "SELECT COUNT(*) FROM entry")
    b.narrate(say, "BEGIN")
    b.narrate(say, "INSERT INTO entry (worker, number) VALUES (0, 4)")
    let committed = b.narrate(say, "COMMIT")
    let calls = b.busy.take()
    if committed {
        say.note(
            "B committed while A's read transaction was open: in this journal mode readers do not block the writer")
        a.narrate(say, "COMMIT")
    } else {
        say.note(
            "B's busy handler ran \(calls) \(calls == 1 ? "time" : "times") and gave up: with no busy timeout, "
                + "SQLITE_BUSY comes at once")
        say.note(
            "B still holds its transaction (inside: \(b.isInsideTransaction)); "
                + "its COMMIT needs an EXCLUSIVE lock, and A's SHARED lock stands in the way")
    }
    return committed
}

/// B tries its COMMIT again, this time with a busy handler that, while B
/// waits, lets A finish its read: a busy timeout that a reader ends in time.
func waitForTheReader(_ say: Narrator, reader a: Connection, writer b: Connection) throws {
    say.section("A busy handler waits for the reader")
    b.busy.wait { try a.run("COMMIT") }
    say.note("B's busy handler now waits; while it waits, A ends its read (COMMIT)")
    b.narrate(say, "COMMIT")
    let calls = b.busy.take()
    say.note(
        "B's busy handler ran \(calls) \(calls == 1 ? "time" : "times"); A's transaction is open: "
            + "\(a.isInsideTransaction); A now counts \(try a.count()) entries")
    say.note(
        "a busy timeout (GRDB's busyMode = .timeout) is this handler, sleeping until the lock is free or time is up")
}

/// B has written (and not committed); A, in a transaction of `kind`, reads
/// then writes. A's busy handler would let B commit, if SQLite ever called it.
/// `kind` is what the section demonstrates: the tour runs it with .deferred, then .immediate,
/// in the rollback journal; a test runs it in WAL and watches the reason change.
func readThenWrite(_ say: Narrator, _ a: Connection, _ b: Connection, kind: Database.TransactionKind) throws {
    say.section("Read, then write: BEGIN \(kind.rawValue)")
    let before = try a.count()
    b.narrate(say, "BEGIN IMMEDIATE")
    b.narrate(say, "INSERT INTO entry (worker, number) VALUES (0, \(before + 1))")
    a.busy.wait { try b.run("COMMIT") }
    say.note("A's busy handler will let B commit, if SQLite calls it")
    let began = a.narrate(say, "BEGIN \(kind.rawValue)")
    let wrote =
        began && a.narrate(say, "SELECT COUNT(*) FROM entry")
        && a.narrate(say, "INSERT INTO entry (worker, number) VALUES (0, \(before + 2))")
    let calls = a.busy.take()
    if wrote {
        a.narrate(say, "COMMIT")
        say.note(
            "A's busy handler ran \(calls) \(calls == 1 ? "time" : "times"): A waited its turn, B committed first, then A read and wrote"
        )
    } else {
        // Why SQLite does not wait depends on the journal mode A's file is in.
        let journalMode = try a.run("PRAGMA journal_mode") ?? ""
        say.note(
            "A's busy handler ran \(calls) \(calls == 1 ? "time" : "times"): SQLite refused to wait. "
                + (journalMode == "wal"
                    ? "A reads a snapshot; once B commits, that snapshot is older than B's commit, and writing from it "
                        + "fails anyway (SQLITE_BUSY_SNAPSHOT): waiting cannot help, so no busy timeout helps"
                    : "A holds a SHARED lock and wants B's lock, while B's COMMIT will want A's to go: "
                        + "waiting could deadlock, so no busy timeout helps")
        )
        if a.isInsideTransaction { a.narrate(say, "ROLLBACK") }
        if b.isInsideTransaction { b.narrate(say, "COMMIT") }
        say.note("the remedy: BEGIN IMMEDIATE takes the write lock before reading, and there it can wait")
    }
    say.result("\(try a.count()) entries: \(try a.count() - before) written in this section")
}

/// In WAL mode A's read transaction keeps its snapshot while B commits.
/// `journalMode` is what the section demonstrates; a test passes "delete".
func snapshotInWAL(_ say: Narrator, reader a: Connection, writer b: Connection, journalMode: String) throws {
    say.section("WAL: readers and the writer do not block each other (journal mode \(journalMode))")
    a.narrate(say, "PRAGMA journal_mode = \(journalMode)")
    a.narrate(say, "BEGIN")
    let seen = try a.count()
    say.result("A reads \(seen) entries")
    let committed = b.narrate(say, "INSERT INTO entry (worker, number) VALUES (0, \(seen + 1))")
    say.note(
        "B \(committed ? "committed" : "could not commit") while A's read transaction was open (busy handler ran \(b.busy.take()) times)"
    )
    let stillSeen = try a.count()
    say.result("inside its transaction, A still reads \(stillSeen) entries; B reads \(try b.count())")
    if stillSeen == seen && committed {
        say.note("A's snapshot is the database as it was when A first read: B's commit is in the -wal file, after it")
    }
    let wrote = a.narrate(say, "INSERT INTO entry (worker, number) VALUES (0, 99)")
    let calls = a.busy.take()
    if !wrote {
        say.note(
            "A's busy handler ran \(calls) times: A's snapshot is older than B's commit, and writing from it could "
                + "undo what A never saw; waiting cannot make it newer, so SQLite fails at once")
    }
    if a.isInsideTransaction { a.narrate(say, "ROLLBACK") }
    say.result("after its transaction, A reads \(try a.count()) entries")
}

/// The -wal file before and after a checkpoint copies its pages into the database file.
func checkpoint(_ say: Narrator, _ a: Connection, path: String) throws {
    say.section("The -wal file and a checkpoint")
    let wal = Workspace.display(path) + "-wal"
    say.result("\(wal) holds \(fileSize(path + "-wal")) bytes")
    for mode in ["PASSIVE", "TRUNCATE"] {
        say.action("A: PRAGMA wal_checkpoint(\(mode))")
        // One row: busy (1 if a reader or writer was in the way), the frames in the -wal file, the frames copied.
        let row = try a.queue.inDatabase { db in try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(\(mode))") }
        let (busy, frames, copied): (Int, Int, Int) = row.map { ($0[0], $0[1], $0[2]) } ?? (1, 0, 0)
        say.result("busy \(busy), frames in the -wal file \(frames), copied to the database file \(copied)")
        say.result("\(wal) holds \(fileSize(path + "-wal")) bytes")
    }
    say.note("PASSIVE copies the committed pages into the database file and leaves the -wal file to be reused")
    say.note(
        "TRUNCATE also empties it; SQLite checkpoints by itself once the -wal file reaches 1000 pages, and when the last connection closes"
    )
}

/// A file's size in bytes; 0 when it does not exist.
private func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
}

/// A read from another thread, while a write transaction is open. `writer` is
/// what the section demonstrates: the tour gives a `DatabasePool`; a test
/// gives a `DatabaseQueue` (and a short `waitLimit`) and watches the words change.
func readDuringAWrite(_ say: Narrator, _ writer: any DatabaseWriter, waitLimit: Double = 10) throws {
    say.section("GRDB: DatabaseQueue or DatabasePool")
    say.action(
        "With a \(type(of: writer)), insert an entry in write { … } and, before it commits, read the count from another thread"
    )
    let (finished, seen, written) = try writer.write { db in
        var entry = Entry(worker: 0, number: 0)
        try entry.insert(db)  // INSERT INTO "entry" … (not committed yet)
        let read = Outcome<Int>()
        DispatchQueue.global().async { read.set { try writer.read { db in try Entry.fetchCount(db) } } }
        let finished = read.wait(seconds: waitLimit)
        return (finished, read.value, try Entry.fetchCount(db))
    }
    if finished, let seen {
        say.result("the read finished while the write was open; it saw \(seen) entries, the writer \(written)")
        say.note(
            "a pool has one writer and several readers (here up to \(writer.configuration.maximumReaderCount)), each its own connection, in WAL mode"
        )
    } else {
        say.result("the read did not finish within \(waitLimit) s while the write was open")
        say.note("a queue has one connection: a read waits until the write is over")
    }
    // What a power loss may take: 1 (NORMAL) syncs around checkpoints only, 2 (FULL) at every commit.
    let synchronous = try writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
    let names = [0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"]
    say.result(
        "PRAGMA synchronous on its writer connection: \(synchronous.map { "\($0) (\(names[$0] ?? "?"))" } ?? "none")")
}

/// How GRDB begins a write, seen through --trace. `mode` is what the section
/// demonstrates: a test passes `.noTimeout` and `.deferred` and watches the words change.
func howAWriteBegins(_ say: Narrator, path: String, mode: WriteMode) throws {
    say.section("GRDB: a file shared between processes")
    let statements = Statements()
    let configuration = mode.configuration(trace: true, narrator: Narrator(write: statements.append))
    say.action(
        "Open \(Workspace.display(path)) with busyMode \(configuration.busyMode) and add worker 0's next entry, as write-load's workers do"
    )
    let database = try AppDatabase.open(.file(path), configuration: configuration, migrate: false)
    let opening = statements.all.count  // what opening the pool ran is not the lesson
    try database.addNextEntry(worker: 0, kind: mode.transactionKind)
    let written = statements.all.dropFirst(opening).map { $0.trimmingCharacters(in: .whitespaces) }
    // GRDB reads the schema (PRAGMA …, sqlite_master) the first time it inserts a record: not the lesson.
    for statement in written where !statement.contains("PRAGMA") && !statement.contains("sqlite_master") {
        say.result(statement)
    }
    // What the trace showed, and the busy mode the connection was given.
    let immediate = written.contains { $0.contains("BEGIN IMMEDIATE") }
    let waits = if case .timeout = configuration.busyMode { true } else { false }
    say.note(
        (immediate
            ? "BEGIN IMMEDIATE takes the write lock before the transaction reads anything"
            : "BEGIN DEFERRED reads first and asks for the write lock at the INSERT, where SQLite will not wait")
            + (waits
                ? "; the busy timeout lets it wait for another process's write"
                : "; with no busy timeout, another process's write makes this one fail at once"))
}

/// A read-modify-write split in two database accesses, staged in a fixed
/// order as two tasks of one app could run it, then the same work in one
/// `write { … }` each. `database` is what the section demonstrates: one pool
/// for the file, as an app opens it.
func lostUpdate(_ say: Narrator, _ database: AppDatabase) throws {
    say.section("A read-modify-write belongs in one write { … }")
    let worker = 0
    say.action("Task 1 reads worker \(worker)'s last number in read { … }")
    let first = try database.lastNumber(worker: worker)
    say.result("\(first)")
    say.action("Task 2 reads it too, before task 1 writes")
    let second = try database.lastNumber(worker: worker)
    say.result("\(second)")
    say.action("Task 1 writes number \(first + 1) in write { … }, then task 2 writes number \(second + 1)")
    try database.addEntry(worker: worker, number: first + 1)
    try database.addEntry(worker: worker, number: second + 1)
    let twice = try database.entries(worker: worker, number: first + 1)
    say.result("\(twice) entries numbered \(first + 1): two increments, and the numbers went up by one")
    say.note(
        "a lost update: task 2 wrote from a number task 1 had already changed; each access was its own transaction, so nothing stopped it"
    )
    say.action(
        "Task 1 adds the next entry in ONE write { … } (read, then insert); between its read and its insert, task 2 starts the same on another thread"
    )
    let other = Outcome<Int>()
    let mine = try database.addNextEntry(worker: worker) {
        DispatchQueue.global().async { other.set { try database.addNextEntry(worker: worker) } }
        let finished = other.wait(seconds: 0.1)
        say.result("task 2 \(finished ? "finished" : "has not finished") while task 1's transaction is open")
    }
    say.result("task 1 wrote number \(mine), then task 2 number \(try other.get())")
    say.note("the pool runs one write at a time: task 2's write waited for task 1's, then read the number task 1 wrote")
}

/// In WAL mode, a reader keeps the frames after its snapshot in the -wal file:
/// no checkpoint may reset the file under it, so every commit makes it grow.
/// `holdReader` is what the section demonstrates: a test passes false and
/// watches the -wal file stay small.
func aLongReader(_ say: Narrator, reader a: Connection, writer b: Connection, path: String, holdReader: Bool = true)
    throws
{
    say.section("WAL: a long reader makes the -wal file grow")
    let wal = Workspace.display(path) + "-wal"
    b.narrate(say, "PRAGMA journal_size_limit = 0")
    if holdReader {
        a.narrate(say, "BEGIN")
        a.narrate(say, "SELECT COUNT(*) FROM entry")
    }
    for round in 1...3 {
        say.action("B: 10 commits of one entry each, then PRAGMA wal_checkpoint(PASSIVE)")
        for number in 1...10 {
            try b.run("INSERT INTO entry (worker, number) VALUES (0, \(100 * round + number))")
        }
        let row = try b.queue.inDatabase { db in try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(PASSIVE)") }
        let (frames, copied): (Int, Int) = row.map { ($0[1], $0[2]) } ?? (0, 0)
        say.result("\(wal) holds \(fileSize(path + "-wal")) bytes; \(frames) frames, \(copied) copied")
    }
    if holdReader {
        say.note(
            "A's read transaction is open: the checkpoint copies nothing after A's snapshot, and the -wal file cannot start over"
        )
        a.narrate(say, "COMMIT")
    }
    say.action("B: PRAGMA wal_checkpoint(PASSIVE), then one more commit")
    try b.run("PRAGMA wal_checkpoint(PASSIVE)")
    try b.run("INSERT INTO entry (worker, number) VALUES (0, 400)")
    say.result("\(wal) holds \(fileSize(path + "-wal")) bytes")
    say.note(
        "with no reader in the way the checkpoint copied every frame; the next commit wrote the -wal file from its start, "
            + "and journal_size_limit = 0 cut the rest off")
}

/// async/await: a read that suspends, and an observation consumed in a Task.
func asyncAccess(_ say: Narrator, _ database: AppDatabase) throws {
    say.section("async/await")
    say.action("try await reader.read { … }: the 3 latest entries, Sendable records")
    let latest = try waitFor { try await database.latestEntries(3) }
    say.table(["id", "worker", "number"], latest.map { ["\($0.id ?? 0)", "\($0.worker)", "\($0.number)"] })
    say.action(
        "Observe COUNT(*) with ValueObservation.values(in:) in a Task; add an entry after the first value; cancel after the second"
    )
    let (seen, cancelled) = try waitFor { try await observeTwoCounts(database) }
    say.result("the Task saw \(seen.map(String.init).joined(separator: ", ")), then ended (cancelled: \(cancelled))")
    say.note("cancelling the Task ends its for-await loop, and GRDB stops observing")
}

/// Consumes the observation in a Task, adds an entry once the first count is
/// in, and cancels the Task once the second is. Returns what the Task saw.
private func observeTwoCounts(_ database: AppDatabase) async throws -> (seen: [Int], cancelled: Bool) {
    let (counts, delivered) = AsyncStream.makeStream(of: Int.self)
    let task = Task {
        var seen: [Int] = []
        do {
            for try await count in database.entryCounts() {
                seen.append(count)
                delivered.yield(count)
            }
        } catch is CancellationError {}
        return seen
    }
    var received = 0
    for await _ in counts {
        received += 1
        if received == 1 {
            try database.addNextEntry(worker: 0)
        } else {
            task.cancel()
            break
        }
    }
    let seen = try await task.value
    return (seen, task.isCancelled)
}

/// Commands to try, as a learner pastes them.
func yourTurn(_ say: Narrator) {
    say.section("Your turn")
    say.note("make step9 ARGS=\"write-load --processes 4 --inserts 500\"")
    say.note("make step9 ARGS=\"write-load --processes 4 --inserts 500 --no-timeout\"")
    say.note("make step9 ARGS=\"write-load --processes 4 --inserts 500 --deferred\"")
    say.note(
        "each flag changes one thing; each usually fails: some writers meet SQLITE_BUSY, and write-load counts them")
    say.note("make step9 ARGS=\"list\"")
    say.note("they use db/step9.sqlite; write-load starts that many processes of step 9, all writing to it")
}
