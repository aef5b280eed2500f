import CourseCore
import CourseTestSupport
import Foundation
import Testing

// MARK: - A writer that commits pairs while a step reads them

extension FileCompatibilityTests {
    /// A python3 writer (the same SQLite library) that keeps the `name` of
    /// the two rows of `table` equal: it empties the table, adds two rows
    /// named 'pair-0' and says "committed 0". Then, for each line it reads,
    /// one transaction: the first row becomes 'pair-N', 300 rows of padding
    /// are rewritten with a 10-page cache (the first row's page spills into
    /// the file, or into the `-wal`, before COMMIT), and it says "half N".
    /// At the next line it rewrites the padding four times more, then the
    /// second row becomes 'pair-N', COMMIT, and it says "committed N".
    static let pairWriter = """
        import sqlite3, sys
        c = sqlite3.connect(sys.argv[1], isolation_level=None)
        table = sys.argv[2]
        c.execute("PRAGMA cache_size = 10")
        c.execute("BEGIN IMMEDIATE")
        c.execute(f'DELETE FROM "{table}"')
        c.execute(f'INSERT INTO "{table}"(name) VALUES (\\'pair-0\\'), (\\'pair-0\\')')
        c.execute("CREATE TABLE pair_padding(v TEXT)")
        c.executemany("INSERT INTO pair_padding VALUES (?)", [("x" * 1000,)] * 300)
        c.execute("COMMIT")
        first, second = [r[0] for r in c.execute(f'SELECT id FROM "{table}" ORDER BY id')]
        print("committed 0", flush=True)
        n = 0
        def pad(n, k): c.execute("UPDATE pair_padding SET v = ?", (f"{n}-{k}".ljust(1000, "x"),))
        while sys.stdin.readline():
            n += 1
            c.execute("BEGIN IMMEDIATE")
            c.execute(f'UPDATE "{table}" SET name = ? WHERE id = ?', (f"pair-{n}", first))
            pad(n, 0)
            print(f"half {n}", flush=True)
            sys.stdin.readline()
            for k in range(1, 5):
                pad(n, k)
            c.execute(f'UPDATE "{table}" SET name = ? WHERE id = ?', (f"pair-{n}", second))
            c.execute("COMMIT")
            print(f"committed {n}", flush=True)
        """

    /// How many times each file's pair is read, each time by a new step process.
    static let pairReads = 25

    /// The 'pair-N' names a read printed, as numbers.
    static func pairs(in output: String) -> [Int] {
        output.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { word in
            word.hasPrefix("pair-") ? Int(word.dropFirst(5)) : nil
        }
    }

    /// A writer process commits pairs that must stay equal while the step's
    /// read subcommand, a new process each time, reads them: each read starts
    /// after commit N - 1, once commit N has written half of its pair, and
    /// must show one pair, equal, N - 1 or N. The writer finishes the commit
    /// as soon as the read opens the file (inotify says so): no sleep, and
    /// no waiting for the read, which may be waiting for the writer's lock.
    /// On a DELETE-journal file (step 2) the read takes the SHARED lock,
    /// which waits for the writer's COMMIT; on a WAL-mode file (step 4)
    /// it reads the last commit from the `-wal`. (With `immutable=1` a read
    /// takes no lock: in step 2 it reads the first row's page as the writer
    /// spilled it, 'pair-N' beside 'pair-N-1'; in step 4 it reads the file
    /// without its `-wal`, with no pair in it.)
    @Test func aReadNeverSeesHalfACommittedPair() throws {
        let files = try Fixtures.shared.get()
        let cases = [(2, "players"), (4, "item")].filter { TestedSteps.includes($0.0) }
        let runs = Parallel.map(cases) { step, table in
            Result { () throws -> [String] in
                var failures: [String] = []
                let (directory, path) = try Self.copy(of: step, files)
                defer { directory.remove() }
                let writer = try PythonWriter(Self.pairWriter, [path, table])
                defer { writer.finish() }
                guard try writer.line() == "committed 0" else { return ["step\(step): the writer did not start"] }
                for n in 1...Self.pairReads {
                    // Commit n begins; once half of it is in the file, a read starts.
                    writer.say("next")
                    guard try writer.line() == "half \(n)" else {
                        return failures + ["step\(step): commit \(n) failed"]
                    }
                    let opened = try FileOpenings(path)
                    let reading = StepReading(step: step, in: directory)
                    // The writer goes on when the read opens the file: it reads while the pair is half written.
                    try opened.wait()
                    writer.say("go on")
                    let read = try reading.result()
                    let seen = Self.pairs(in: read.stdout)
                    if read.status != 0 || seen.count != 2 || Set(seen).count != 1 || !(n - 1...n).contains(seen[0]) {
                        let output = read.stdout + read.stderr
                        failures.append("read \(n) of step\(step): \(read.status) \(seen)\n\(output)")
                    }
                    guard try writer.line() == "committed \(n)" else {
                        return failures + ["step\(step): commit \(n) failed"]
                    }
                    if failures.count >= 3 { break }  // enough to see what is wrong
                }
                return failures
            }
        }
        for ((step, _), run) in zip(cases, runs) {
            let failures = try run.get()
            #expect(failures.isEmpty, "step \(step):\n\(failures.joined(separator: "\n"))")
        }
    }
}
