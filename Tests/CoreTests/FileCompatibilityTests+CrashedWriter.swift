import CourseCore
import CourseTestSupport
import Foundation
import Testing

// MARK: - A writer that died mid-transaction

extension FileCompatibilityTests {
    /// A python3 writer (the same SQLite library) that changes every text
    /// column of every table of the file to 'changed-…' and adds 2,000 rows of
    /// padding, in one transaction, with a 10-page cache: it spills changed
    /// pages into the file before COMMIT. It says so on its standard output,
    /// then waits to be killed (SIGKILL): the file keeps its hot journal.
    /// With `commit-first` (for a WAL-mode file) it first commits a change to
    /// every column (text to 'committed-…', integers + 1000) and keeps that
    /// commit in the `-wal` (no checkpoint), where a reader must find it.
    static let crashingWriter = """
        import sqlite3, sys
        c = sqlite3.connect(sys.argv[1], isolation_level=None)
        tables = [r[0] for r in c.execute("SELECT name FROM sqlite_schema WHERE type = 'table' "
                  "AND name NOT LIKE 'sqlite%' AND name <> 'grdb_migrations' AND sql NOT LIKE '%VIRTUAL%'")]
        if sys.argv[2:] == ["commit-first"]:
            c.execute("PRAGMA wal_autocheckpoint = 0")
            c.execute("BEGIN")
            for table in tables:
                for name, kind in c.execute(f"SELECT name, type FROM pragma_table_info('{table}') WHERE pk = 0").fetchall():
                    new = "'committed-' || rowid" if kind == "TEXT" else f'"{name}" + 1000'
                    c.execute(f'UPDATE "{table}" SET "{name}" = {new}')
            c.execute("COMMIT")
        c.execute("PRAGMA cache_size = 10")
        c.execute("BEGIN")
        for table in tables:
            for column in c.execute(f"SELECT name FROM pragma_table_info('{table}') WHERE type = 'TEXT'").fetchall():
                try: c.execute(f'UPDATE "{table}" SET "{column[0]}" = \\'changed-\\' || rowid')
                except sqlite3.Error: pass
        c.execute("CREATE TABLE crash_padding(v TEXT)")
        c.executemany("INSERT INTO crash_padding VALUES (?)", [("x" * 200,)] * 2000)
        print("mid-transaction", flush=True)
        sys.stdin.read()
        """

    /// Leaves `path` as a writer that died mid-transaction leaves it.
    static func killWriterMidTransaction(_ path: String, committingFirst: Bool = false) throws {
        let writer = try PythonWriter(crashingWriter, [path] + (committingFirst ? ["commit-first"] : []))
        // The line arrives once the UPDATEs and INSERTs ran, the transaction still open.
        let said = try writer.line()
        writer.crash()
        #expect(said == "mid-transaction", "the writer did not reach its UPDATE")
    }

    /// Leaves `path` with a hot journal again, after a read rolled the last one back.
    static func killWriterAgain(_ path: String, before: inout Bytes) throws {
        try killWriterMidTransaction(path)
        before = Bytes(path)
    }

    /// After a writer died mid-transaction in a DELETE-journal file, no read
    /// subcommand shows what it never committed: each refuses, says how to
    /// recover, and leaves the file and its journal as they were; a writing
    /// subcommand rolls the journal back (and says so), and the reads then
    /// show the last commit. (With `immutable=1`, the reads took no lock and
    /// read the file as the writer left it: rows 'changed-…', or "malformed".)
    @Test func aReadAfterAWriterDiedShowsOnlyWhatWasCommitted() throws {
        let files = try Fixtures.shared.get()
        let deleteSteps = Self.steps.filter { !DatabaseFile.isWALMode(files.path($0)) }
        #expect(deleteSteps.count >= 4, "steps with a DELETE-journal file: \(deleteSteps)")
        let runs = Parallel.map(deleteSteps) { step in
            Result { () throws -> [String] in
                var failures: [String] = []
                let directory = try TemporaryDirectory()
                defer { directory.remove() }
                let path = directory.file("x.sqlite")
                try FileManager.default.copyItem(atPath: files.path(step), toPath: path)
                try Self.killWriterMidTransaction(path)
                var before = Bytes(path)
                guard before.files["-journal"] != nil else { return ["step\(step): the writer left no journal"] }
                for command in Self.everyReading(step) {
                    let label = "step\(step) \(command.joined(separator: " "))"
                    let read = try StepProcess.run("step\(step)", command + ["--database", "x.sqlite"], in: directory)
                    // Either it refuses, says how to recover and leaves the file and its journal as they
                    // were, or (step 6, whose reads open the file to write) it rolls back and says so.
                    let refused = read.status != 0 && read.stderr.contains("to roll its journal back")
                    let recovered =
                        read.status == 0 && read.stderr.contains("rolled its journal back to the last commit")
                    if !(refused || recovered) || read.stdout.contains("changed-")
                        || !read.stderr.contains("another program stopped while writing x.sqlite")
                    {
                        failures.append("\(label) after a writer died: \(read.status)\n\(read.stdout)\(read.stderr)")
                    }
                    if refused && Bytes(path) != before { failures.append("\(label) changed the file or its journal") }
                    if recovered { try Self.killWriterAgain(path, before: &before) }
                }
                let write = try StepProcess.run(
                    "step\(step)", Self.writing(step) + ["--database", "x.sqlite"], in: directory)
                if write.status != 0 || !write.stderr.contains("rolled its journal back to the last commit") {
                    failures.append("step\(step) \(Self.writing(step)): \(write.status)\n\(write.stderr)")
                }
                for command in Self.everyReading(step) {
                    let read = try StepProcess.run("step\(step)", command + ["--database", "x.sqlite"], in: directory)
                    if read.status != 0 || read.stdout.contains("changed-") {
                        failures.append("step\(step) \(command) after the rollback: \(read.stdout)\(read.stderr)")
                    }
                }
                return failures
            }
        }
        for (step, run) in zip(deleteSteps, runs) {
            let failures = try run.get()
            #expect(failures.isEmpty, "step \(step):\n\(failures.joined(separator: "\n"))")
        }
    }
}
