import CSQLite
import CourseCore
import CourseTestSupport
import Foundation
import Testing

// MARK: - A writer that died mid-transaction in a WAL-mode file

extension FileCompatibilityTests {
    /// Every read subcommand of `step` on the `x.sqlite` of `directory`:
    /// exit status, standard output and standard error, one entry per subcommand.
    static func everyRead(_ step: Int, in directory: TemporaryDirectory) throws -> [ProcessResult] {
        try everyReading(step).map { command in
            try StepProcess.run("step\(step)", command + ["--database", "x.sqlite"], in: directory)
        }
    }

    /// A folder of its own holding a copy of step `step`'s file, x.sqlite, and that copy's path.
    static func copy(of step: Int, _ files: Fixtures) throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory()
        let path = directory.file("x.sqlite")
        try FileManager.default.copyItem(atPath: files.path(step), toPath: path)
        return (directory, path)
    }

    /// The last commit of a WAL-mode file, as an ordinary connection sees
    /// it: `path` and its `-wal` and `-shm` copied into `directory`, opened
    /// read-write and checkpointed, so that the copy holds every commit in
    /// the file itself.
    static func lastCommit(of path: String, into directory: TemporaryDirectory) throws {
        let copy = directory.file("x.sqlite")
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix)
        }
        var db: OpaquePointer?
        defer { sqlite3_close_v2(db) }
        let sql = "PRAGMA wal_checkpoint(TRUNCATE)"
        var code = sqlite3_open_v2(copy, &db, SQLITE_OPEN_READWRITE, nil)
        if code == SQLITE_OK { code = sqlite3_exec(db, sql, nil, nil, nil) }
        guard code == SQLITE_OK else { throw SQLiteError(connection: db, resultCode: code, sql: sql) }
    }

    /// After a writer died mid-transaction in a WAL-mode file (steps 4, 5
    /// and 9), leaving its `-wal` and `-shm`, every read subcommand shows the
    /// last commit, which is in the `-wal` only, and nothing of the
    /// transaction that never committed (its spilled pages are in the `-wal`
    /// too, without a commit). The same once the `-shm` is gone: SQLite
    /// builds it again from the `-wal`. The file and its `-wal` keep every
    /// byte. (With `immutable=1` a read sees the file alone, as it was before
    /// the last commit.)
    @Test func aReadAfterAWriterDiedInAWALFileShowsTheLastCommit() throws {
        let files = try Fixtures.shared.get()
        let walSteps = Self.steps.filter { DatabaseFile.isWALMode(files.path($0)) }
        #expect(walSteps.count >= 3, "steps with a WAL-mode file: \(walSteps)")
        let tested = walSteps.filter { TestedSteps.includes($0) }
        let runs = Parallel.map(tested) { step in
            Result { () throws -> [String] in
                var failures: [String] = []
                let (directory, path) = try Self.copy(of: step, files)
                let committed = try TemporaryDirectory()
                defer {
                    directory.remove()
                    committed.remove()
                }
                let beforeTheWriter = try Self.everyRead(step, in: directory)
                try Self.killWriterMidTransaction(path, committingFirst: true)
                guard Bytes(path).files["-wal"] != nil, Bytes(path).files["-shm"] != nil else {
                    return ["step\(step): the writer left no -wal or -shm"]
                }
                try Self.lastCommit(of: path, into: committed)
                let expected = try Self.everyRead(step, in: committed)
                for shm in ["with its -shm", "without its -shm"] {
                    if shm == "without its -shm" { try FileManager.default.removeItem(atPath: path + "-shm") }
                    let before = Bytes(path).files.filter { $0.key == "" || $0.key == "-wal" }
                    let seen = try Self.everyRead(step, in: directory)
                    for (command, (read, last)) in zip(Self.everyReading(step), zip(seen, expected)) {
                        let label = "step\(step) \(command.joined(separator: " ")) \(shm)"
                        if read.status != 0 || read.stdout != last.stdout || read.stdout.contains("changed-") {
                            let output = read.stdout + read.stderr
                            failures.append("\(label): \(read.status)\n\(output)\nlast commit:\n\(last.stdout)")
                        }
                    }
                    // The last commit shows: the reads differ from those before the writer came.
                    if seen.map(\.stdout) == beforeTheWriter.map(\.stdout) {
                        failures.append("step\(step) \(shm): the reads show the file as it was before the last commit")
                    }
                    if Bytes(path).files.filter({ $0.key == "" || $0.key == "-wal" }) != before {
                        failures.append("step\(step) \(shm): a read changed the file or its -wal")
                    }
                }
                return failures
            }
        }
        for (step, run) in zip(tested, runs) {
            let failures = try run.get()
            #expect(failures.isEmpty, "step \(step):\n\(failures.joined(separator: "\n"))")
        }
    }
}
