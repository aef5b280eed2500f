import ArgumentParser
import CSQLite
import CourseCore
import CourseGRDB
import CourseTestSupport
import Foundation
import GRDB
import Testing

@Suite struct ErrorReportTests {
    @Test func grdbForeignKeyErrorIsNamedAndShowsTheSQL() throws {
        let queue = try DatabaseQueue()  // foreign keys are on by default in GRDB
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE teams (id INTEGER PRIMARY KEY)")
            try db.execute(sql: "CREATE TABLE players (id INTEGER PRIMARY KEY, teamID INTEGER REFERENCES teams)")
        }
        let error = try #require(throws: DatabaseError.self) {
            try queue.write { db in try db.execute(sql: "INSERT INTO players (teamID) VALUES (?)", arguments: [42]) }
        }
        let report = ErrorReport("could not add a player", error: error)
        #expect(
            report.lines == [
                "could not add a player",
                "result code: 19 SQLITE_CONSTRAINT (extended 787 SQLITE_CONSTRAINT_FOREIGNKEY)",
                "message:     FOREIGN KEY constraint failed",
                "sql:         INSERT INTO players (teamID) VALUES (?)",
            ])
    }

    @Test func attemptWrapsErrorsOnceWithContext() throws {
        let queue = try DatabaseQueue()
        let error = try #require(throws: CourseError.self) {
            try attempt("count the teams") {
                try attempt("inner") {
                    try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM teams") }
                }
            }
        }
        // The innermost context is kept; an outer attempt does not wrap again.
        #expect(error.description.hasPrefix("could not inner\n  result code: 1 SQLITE_ERROR"))
        #expect(error.description.contains("message:     no such table: teams"))
        // Only SQLITE_BUSY gets the busy advice: this error has nothing to add.
        #expect(error.report.fix == nil, "\(error)")
    }

    /// A file another connection keeps locked (here `BEGIN EXCLUSIVE`, as a
    /// big transaction's spill takes it) longer than the busy timeout: the
    /// open succeeds, the first read fails, and the error says so, with what
    /// to do. (The reader gives up at once here: `.immediateError` replaces the
    /// step's 10 s, so the test does not wait; the report is the same.)
    @Test func aBusyFileSaysAnotherProcessIsWritingNotCouldNotOpen() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("locked.sqlite")
        let lock = try ExclusiveLock(path)
        defer { lock.release() }
        var configuration = CourseGRDB.configuration(trace: false, narrator: Narrator(write: { _ in }))
        #expect("\(configuration.busyMode)" == "timeout(\(BusyTimeout.seconds))")
        configuration.busyMode = .immediateError
        let error = try #require(throws: CourseError.self) {
            try CourseGRDB.openQueue(.file(path), configuration: configuration)
        }
        #expect(error.report.what == "could not read \(Workspace.display(path))", "\(error)")
        #expect(error.report.resultCode == SQLITE_BUSY, "\(error)")
        #expect(error.report.fix == BusyTimeout.advice, "\(error)")
        #expect(error.description.contains("another process is writing to the file"), "\(error)")
    }

    /// A cleanly closed WAL-mode file, opened for reading: a writer that
    /// commits and closes in the middle of a read cannot checkpoint into the
    /// file under it (the reader holds the WAL read lock), so the read sees
    /// every row as it was when it began; with `immutable=1` (no lock) it saw
    /// most rows as the writer left them. Closed, it leaves no `-wal` or `-shm`.
    @Test func aReadOfACleanlyClosedWALFileSeesOneCommitWhole() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("wal.sqlite")
        let setUp = try DatabasePool(path: path)  // WAL mode
        try setUp.write { db in
            try db.execute(sql: "CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)")
            for _ in 1...2000 { try db.execute(sql: "INSERT INTO t(v) VALUES ('old' || printf('%200s', ''))") }
        }
        try setUp.close()  // the last connection: -wal and -shm deleted
        #expect(DatabaseFile.readsReadWrite(path))
        var seen: [String] = []
        do {
            let reader = try #require(
                try CourseGRDB.openReadOnly(
                    .file(path), configuration: CourseGRDB.configuration(trace: false, narrator: Narrator())))
            try reader.read { db in
                let rows = try String.fetchCursor(db, sql: "SELECT substr(v, 1, 3) FROM t ORDER BY id")
                seen.append(try #require(try rows.next()))
                let writer = try DatabaseQueue(path: path)
                try writer.write { db in try db.execute(sql: "UPDATE t SET v = 'new' || substr(v, 4)") }
                try writer.close()
                while let value = try rows.next() { seen.append(value) }
            }
        }
        #expect(seen.count == 2000 && Set(seen) == ["old"], "\(seen.filter { $0 == "new" }.count) rows seen new")
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
    }

    @Test func inputErrorsAreJustTheirMessage() {
        #expect(CourseError.input("no player with id 42").description == "no player with id 42")
        #expect(CourseError.input("no player with id 42").kind == .input)
    }

    @Test func eachKindOfErrorSaysWhatToDo() {
        let errors: [(CourseError, CourseError.Kind)] = [
            (.input("no player with id 42", fix: "list the ids first"), .input),
            (.timeout("nothing arrived within 5 s", fix: "list the ids first"), .timeout),
            (.network("could not download x", fix: "list the ids first"), .network),
            (.badData("x is not a list of bodies", fix: "list the ids first"), .badData),
        ]
        for (error, kind) in errors {
            #expect(error.kind == kind)
            #expect(error.description.hasSuffix("\n  what to do:  list the ids first"), "\(error)")
        }
    }

    @Test func theAdviceSurvivesBeingWrapped() throws {
        let inner = CourseError.timeout("the list did not change within 5 s", fix: "run it again")
        let error = try #require(throws: CourseError.self) { try attempt("watch") { throw inner } }
        #expect(error.kind == .timeout)
        let report = ErrorReport("the shell stopped", error: inner)
        #expect(
            report.lines == [
                "the shell stopped",
                "message:     the list did not change within 5 s",
                "what to do:  run it again",
            ])
    }

    /// The same failure through the C API (`SQLiteError`) and through GRDB
    /// (`DatabaseError`, made presentable by CourseGRDB) reads the same.
    @Test func cAPIAndGRDBErrorsAreReportedAlike() throws {
        var handle: OpaquePointer?
        #expect(sqlite3_open_v2(":memory:", &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK)
        defer { sqlite3_close_v2(handle) }
        let sql = "SELECT * FROM nowhere"
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        let cError = SQLiteError(connection: handle, resultCode: code, sql: sql)

        let queue = try DatabaseQueue()
        let grdbError = try #require(throws: DatabaseError.self) {
            try queue.read { db in try db.execute(sql: sql) }
        }
        let expected = [
            "could not read",
            "result code: 1 SQLITE_ERROR",
            "message:     no such table: nowhere",
            "sql:         SELECT * FROM nowhere",
        ]
        #expect(ErrorReport("could not read", error: cError).lines == expected)
        #expect(ErrorReport("could not read", error: grdbError).lines == expected)
    }

    @Test func namesMatchSQLitesOwnConstants() {
        #expect(ResultCodeName.of(SQLITE_CONSTRAINT) == "SQLITE_CONSTRAINT")
        #expect(ResultCodeName.of(SQLITE_NOTADB) == "SQLITE_NOTADB")
        #expect(ResultCodeName.of(SQLITE_CONSTRAINT | (3 << 8)) == "SQLITE_CONSTRAINT_FOREIGNKEY")
        // An extended code the table doesn't list falls back to its primary code.
        #expect(ResultCodeName.of(SQLITE_IOERR | (99 << 8)) == "SQLITE_IOERR (extended code 99)")
        // Every extended code by its own name (266: what reading a directory as a file fails with).
        #expect(ResultCodeName.of(266) == "SQLITE_IOERR_READ")
        #expect(ResultCodeName.of(10 | (2 << 8)) == "SQLITE_IOERR_SHORT_READ")
        #expect(ResultCodeName.of(8 | (5 << 8)) == "SQLITE_READONLY_CANTINIT")
        #expect(ResultCodeName.description(SQLITE_CONSTRAINT) == "constraint failed")
    }

    /// Every extended code the linked SQLite's header defines has its own name
    /// (scripts/result-codes.py generates the table from that header).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/include/sqlite3.h"), "no sqlite3.h here"))
    func everyExtendedCodeOfTheHeaderIsNamed() throws {
        let header = try String(contentsOfFile: "/usr/include/sqlite3.h", encoding: .utf8)
        var primary: [String: Int32] = [:]
        for match in header.matches(of: /#define (SQLITE_[A-Z]+) +(\d+)\b/) {
            primary[String(match.1)] = Int32(match.2)
        }
        let extended = header.matches(of: /#define (SQLITE_[A-Z_]+) +\((SQLITE_[A-Z]+) *\| *\((\d+)<<8\)\)/)
        #expect(extended.count > 70)
        for match in extended {
            let code = (primary[String(match.2)] ?? -1) | (Int32(match.3) ?? 0) << 8
            #expect(ResultCodeName.of(code) == String(match.1))
        }
    }

    @Test func sqlIsShownOnOneLine() {
        #expect(oneLine("SELECT *\n  FROM players\n WHERE id = ?") == "SELECT * FROM players WHERE id = ?")
    }
}

@Suite struct NarratorTests {
    @Test func actionsAreNumberedAndTablesAligned() {
        let lines = RecordedLines()
        let say = lines.narrator
        say.action("first")
        say.table(["id", "name"], [["1", "Blob"], ["10", nil]])
        say.action("second")
        #expect(
            lines.all == [
                "1. first",
                "   id  name",
                "   --  ----",
                "   1   Blob",
                "   10  NULL",
                "2. second",
            ])
    }

    @Test func emptyTablesSaySo() {
        #expect(TextTable(headers: ["id"], rows: []).lines == ["id", "--", "(no rows)"])
    }
}

@Suite struct DatabaseOptionsTests {
    @Test func databaseAndInMemoryExcludeEachOther() {
        #expect(throws: (any Error).self) { try DatabaseOptions.parse(["--database", "x.sqlite", "--in-memory"]) }
    }

    @Test func locations() throws {
        #expect(try DatabaseOptions.parse(["--in-memory"]).location(defaultFile: "x.sqlite") == .inMemory)
        #expect(
            try DatabaseOptions.parse(["--database", "a.sqlite"]).location(defaultFile: "x.sqlite") == .file("a.sqlite")
        )
    }
}

/// `make doctor` and the install check, pointed at a header that isn't there. `COURSE_OS` names the
/// system whose path a test takes, so the suite passes on Linux and on macOS alike (MacOSPathTests).
@Suite struct ToolingTests {
    func run(_ script: String, environment: [String: String], bashOptions: [String] = []) throws -> ProcessResult {
        try runTool(
            ["bash"] + bashOptions + [workspaceRoot.appendingPathComponent("scripts/\(script)").path],
            environment: environment)
    }

    @Test func doctorReportsAMissingHeaderWithTheFix() throws {
        let result = try run(
            "doctor.sh", environment: ["COURSE_OS": "Linux", "SQLITE_HEADER": "/nonexistent/sqlite3.h"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("MISSING  sqlite3.h (looked for /nonexistent/sqlite3.h)"))
        #expect(result.stdout.contains("fix: sudo apt-get update && sudo apt-get install -y libsqlite3-dev"))
    }

    @Test func doctorReportsAMissingLibrary() throws {
        let result = try run(
            "doctor.sh", environment: ["COURSE_OS": "Linux", "SQLITE_LIBRARY": "/nonexistent/libsqlite3.so"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("MISSING  libsqlite3.so"))
    }

    /// SQLite's documentation is optional (EvidenceTests skips without it): doctor says how to get it.
    @Test func doctorOffersSQLitesDocumentation() throws {
        let result = try run("doctor.sh", environment: ["COURSE_OS": "Linux", "SQLITE_DOCS": "/nonexistent"])
        #expect(result.stdout.contains("optional SQLite's documentation (looked for /nonexistent)"), "\(result.stdout)")
        #expect(result.stdout.contains("fix: sudo apt-get install -y sqlite3-doc"))
    }

    @Test func doctorPassesOnThisMachine() throws {
        let result = try run("doctor.sh", environment: [:])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("All set"))
    }

    /// Where it cannot install (here a PATH that holds bash alone: no apt-get), it says what to run.
    @Test func installCheckStopsWithTheExactCommand() throws {
        let bin = try TemporaryDirectory()
        defer { bin.remove() }
        let bash = try runTool(["sh", "-c", "command -v bash"]).stdout.trimmingCharacters(in: .newlines)
        try FileManager.default.createSymbolicLink(atPath: bin.file("bash"), withDestinationPath: bash)
        let result = try run(
            "ensure-sqlite.sh",
            environment: ["COURSE_OS": "Linux", "SQLITE_HEADER": "/nonexistent/sqlite3.h", "PATH": bin.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("sudo apt-get update && sudo apt-get install -y libsqlite3-dev"))
    }

    /// The install path, with `apt-get` (and `sudo`) replaced by stubs that log
    /// their arguments and "install" the header, so the system is untouched.
    @Test func installCheckInstallsWithAptGetWhenItCan() throws {
        let stubs = try TemporaryDirectory()
        defer { stubs.remove() }
        let header = stubs.file("include/sqlite3.h")
        let log = stubs.file("apt.log")
        let aptGet = """
            #!/bin/sh
            echo "apt-get $*" >> "\(log)"
            case "$*" in *install*libsqlite3-dev*) mkdir -p "\(stubs.file("include"))" && touch "\(header)";; esac
            """
        let sudo = "#!/bin/sh\n[ \"$1\" = -n ] && exit 0\necho sudo >> \"\(log)\"\nexec \"$@\"\n"
        for (name, script) in [("apt-get", aptGet), ("sudo", sudo)] {
            try script.write(toFile: stubs.file(name), atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stubs.file(name))
        }
        let path = stubs.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try run(
            "ensure-sqlite.sh", environment: ["COURSE_OS": "Linux", "SQLITE_HEADER": header, "PATH": path])
        #expect(result.status == 0, "\(result.stdout)")
        let calls = try String(contentsOfFile: log, encoding: .utf8)
        #expect(calls.contains("apt-get install -y -qq libsqlite3-dev sqlite3"))
        #expect(FileManager.default.fileExists(atPath: header))
        // Once the header is there, the check is silent and installs nothing more.
        try "".write(toFile: log, atomically: true, encoding: .utf8)
        #expect(
            try run("ensure-sqlite.sh", environment: ["COURSE_OS": "Linux", "SQLITE_HEADER": header, "PATH": path])
                .status == 0)
        #expect(try String(contentsOfFile: log, encoding: .utf8).isEmpty)
    }

    /// Every recipe of the Makefile sees TMPDIR inside .build/, so the toolchain's
    /// temporary folders never pile up in /tmp.
    @Test func makeKeepsTheToolchainsTemporaryFilesInsideBuild() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "make", "--no-print-directory", "-s", "-C", workspaceRoot.path,
            "--eval", "print-tmpdir: ; @echo $$TMPDIR", "print-tmpdir",
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": "/tmp"]) { _, new in new }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let tmpdir = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(tmpdir == workspaceRoot.appendingPathComponent(".build/tmp").path)
    }

    @Test func theBuildMeasurementScriptParses() throws {
        let result = try run("measure-build.sh", environment: [:], bashOptions: ["-n"])
        #expect(result.status == 0, "\(result.stdout)")
    }

    @Test func makeListsEveryStepOnce() throws {
        let result = try run("list-steps.sh", environment: [:])
        let steps = try FileManager.default.contentsOfDirectory(
            atPath: workspaceRoot.appendingPathComponent("Steps").path
        )
        .filter { $0.hasPrefix("step") }
        for step in steps {
            let lines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  make \(step) ") }
            #expect(lines.count == 1, "\(step) listed once")
        }
    }
}

@Suite struct LineDiffTests {
    @Test func onlyTheChangedLinesAndTheirContextAreShown() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n")
        let new = old.replacingOccurrences(of: "line 5", with: "line five")
        #expect(
            lineDiff(old, new)
                == """
                  line 3
                  line 4
                - line 5
                + line five
                  line 6
                  line 7
                """)
    }

    @Test func sameLinesHaveNoDifference() {
        #expect(lineDiff("a\nb", "a\nb") == nil)
    }

    @Test func distantChangesAreSeparated() {
        let old = (1...12).map { "l\($0)" }.joined(separator: "\n")
        let new = old.replacingOccurrences(of: "l1\n", with: "").replacingOccurrences(of: "l12", with: "l12!")
        let diff = lineDiff(old, new) ?? ""
        #expect(diff.hasPrefix("- l1\n  l2\n  l3\n  …\n"), "\(diff)")
        #expect(diff.hasSuffix("  l10\n  l11\n- l12\n+ l12!"), "\(diff)")
    }
}
