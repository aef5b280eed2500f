import CourseCore
import CourseTestSupport
import Foundation
import Testing

// MARK: - Writers of a WAL-mode file

extension FileCompatibilityTests {
    /// A python3 writer of a WAL-mode file. It commits a change to every
    /// INTEGER column that is not a key (+ 1000), which stays in the `-wal`
    /// file (no automatic checkpoint, and its connection stays open), and
    /// says "committed". At the next line it changes every text column it can
    /// ('changed-…') and adds 2,000 rows of padding in a transaction it never
    /// commits (a 10-page cache: the pages spill into the `-wal` file), says
    /// "mid-transaction" and waits to be killed.
    static let walWriter = """
        import sqlite3, sys
        c = sqlite3.connect(sys.argv[1], isolation_level=None)
        c.execute("PRAGMA wal_autocheckpoint = 0")
        c.execute("PRAGMA cache_size = 10")
        tables = [r[0] for r in c.execute("SELECT name FROM sqlite_schema WHERE type = 'table' "
                  "AND name NOT LIKE 'sqlite%' AND name <> 'grdb_migrations' AND sql NOT LIKE '%VIRTUAL%'")]
        def columns(table, kind):
            return [r[0] for r in c.execute(f"SELECT name FROM pragma_table_info('{table}') WHERE type = ? AND pk = 0", (kind,))]
        c.execute("BEGIN")
        for table in tables:
            for column in columns(table, "INTEGER"):
                try: c.execute(f'UPDATE "{table}" SET "{column}" = "{column}" + 1000')
                except sqlite3.Error: pass  # a foreign key, a CHECK
        c.execute("COMMIT")
        print("committed", flush=True)
        sys.stdin.readline()
        c.execute("BEGIN")
        for table in tables:
            for column in columns(table, "TEXT"):
                try: c.execute(f'UPDATE "{table}" SET "{column}" = \\'changed-\\' || rowid')
                except sqlite3.Error: pass  # a column under a collation python3 does not have
        c.execute("CREATE TABLE crash_padding(v TEXT)")
        c.executemany("INSERT INTO crash_padding VALUES (?)", [("x" * 200,)] * 2000)
        print("mid-transaction", flush=True)
        sys.stdin.read()
        """

    /// Writes every commit of the `-wal` file into the database file; the
    /// close, the last connection's, then deletes the `-wal` file.
    static let checkpoint = """
        import sqlite3, sys
        c = sqlite3.connect(sys.argv[1])
        c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        c.close()
        """

    /// After a writer of a WAL-mode file died mid-transaction, every read
    /// subcommand shows the last commit (in the `-wal` file): what it prints
    /// is what it prints for a copy of the file taken at that commit and
    /// checkpointed (by python3, whose close then deletes the `-wal` file).
    /// Not a row of the transaction that never committed ('changed-…'). With
    /// `immutable=1` a read ignores the `-wal` file, and misses the last commit.
    @Test func aReadAfterAWALWriterDiedShowsTheLastCommit() throws {
        let files = try Fixtures.shared.get()
        let walSteps = Self.steps.filter { DatabaseFile.isWALMode(files.path($0)) }
        #expect(walSteps.count >= 3, "steps with a WAL-mode file: \(walSteps)")
        let runs = Parallel.map(walSteps) { step in
            Result { () throws -> [String] in
                let crashed = try TemporaryDirectory()
                defer { crashed.remove() }
                let reference = try TemporaryDirectory()
                defer { reference.remove() }
                let path = crashed.file("x.sqlite")
                try FileManager.default.copyItem(atPath: files.path(step), toPath: path)
                // A row of the step's own, for the writer's commit to change where a read shows it.
                let write = try StepProcess.run(
                    "step\(step)", Self.writing(step) + ["--database", "x.sqlite"], in: crashed)
                guard write.status == 0 else { return ["step\(step) \(Self.writing(step)): \(write.stderr)"] }

                let writer = try PythonProcess(Self.walWriter, path)
                defer { writer.kill() }
                guard writer.readLine() == "committed" else { return ["step\(step): the writer did not commit"] }
                for suffix in ["", "-wal"] {
                    try FileManager.default.copyItem(
                        atPath: path + suffix, toPath: reference.file("x.sqlite") + suffix)
                }
                try PythonProcess.run(Self.checkpoint, reference.file("x.sqlite"))
                writer.say("go")
                guard writer.readLine() == "mid-transaction" else { return ["step\(step): no transaction"] }
                writer.kill()
                guard FileManager.default.fileExists(atPath: path + "-wal"),
                    !FileManager.default.fileExists(atPath: reference.file("x.sqlite-wal"))
                else { return ["step\(step): the crashed file has no -wal, or the checkpointed copy still has one"] }

                var failures: [String] = []
                for command in Self.everyReading(step) {
                    let label = "step\(step) \(command.joined(separator: " "))"
                    let arguments = command + ["--database", "x.sqlite"]
                    let read = try StepProcess.run("step\(step)", arguments, in: crashed)
                    let expected = try StepProcess.run("step\(step)", arguments, in: reference)
                    if read.status != 0 || read.stdout != expected.stdout || read.stdout.contains("changed-") {
                        failures.append(
                            "\(label): \(read.status)\n\(read.stdout)\(read.stderr)\nexpected:\n\(expected.stdout)")
                    }
                }
                return failures
            }
        }
        for (step, run) in zip(walSteps, runs) {
            let failures = try run.get()
            #expect(failures.isEmpty, "step \(step):\n\(failures.joined(separator: "\n"))")
        }
    }

    /// A writer process commits pairs that must stay equal: one entry for
    /// worker 1 and one for worker 2 of step 9's file, in one transaction,
    /// round after round, and waits after each for step 9's `list` (a
    /// process of its own) to read the file: each read shows both counts
    /// equal, and equal to the rounds committed so far. A read that saw half a
    /// transaction, or missed the last commit (`immutable=1`, which ignores
    /// the `-wal` file), fails it.
    @Test func aReaderSeesEveryPairWholeAndTheLatest() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("pairs.sqlite")
        let setUp = try StepProcess.run(
            "step9", ["write-load", "--processes", "1", "--inserts", "1", "--database", path], in: directory)
        #expect(setUp.status == 0, "\(setUp.stderr)")
        let writer = try PythonProcess(
            """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute("PRAGMA wal_autocheckpoint = 0")
            c.execute("DELETE FROM entry")
            for n in range(1, int(sys.argv[2]) + 1):
                c.execute("BEGIN IMMEDIATE")
                c.execute("INSERT INTO entry (worker, number) VALUES (1, ?)", (n,))
                c.execute("INSERT INTO entry (worker, number) VALUES (2, ?)", (n,))
                c.execute("COMMIT")
                print(n, flush=True)
                sys.stdin.readline()
            """, path, "\(Self.pairRounds)")
        defer { writer.kill() }
        for round in 1...Self.pairRounds {
            guard writer.readLine() == "\(round)" else {
                Issue.record("the writer stopped before round \(round)")
                return
            }
            let list = try StepProcess.run("step9", ["list", "--database", path], in: directory)
            // Its table: a row per worker, "1       3" (worker, entries), under a header.
            let counts = list.stdout.split(separator: "\n").compactMap { line in
                line.wholeMatch(of: /(\d+)\s+(\d+)/).map { Int($0.2) ?? -1 }
            }
            guard list.status == 0, counts == [round, round] else {
                Issue.record("round \(round): \(list.stdout)\(list.stderr)")
                return
            }
            writer.say("next")
        }
    }

    /// How many pairs the reader checks: each read is a step process (about
    /// 0.1 s), so the test checks the rule in a few seconds, not the 1,000
    /// reads of a stress run.
    static let pairRounds = 10
}
