import CSQLite
import CourseCore
import CourseTestSupport
import Foundation
import Testing

/// Every step against every other step's file, a non-database, an empty file
/// and a missing one, run through the built programs; the outcome of each
/// cell must be the one the table in docs/appendix-file-compatibility.md
/// shows, and a refused file must keep every byte (and its companions).
typealias FileCompatibilityTests = EveryStep.FileCompatibilityTests
extension EveryStep { @Suite struct FileCompatibilityTests {} }

extension FileCompatibilityTests {
    static let steps = 1...11

    /// The rows of the table: a step, and how it opens the file. Step 5 also
    /// opens a file with no subcommand: `step5 --database FILE` upgrades it.
    struct Row: Hashable, CustomStringConvertible {
        var step: Int
        var upgrade = false
        var description: String { upgrade ? "step 5 --database" : "step \(step)" }
        static let all = steps.map { Row(step: $0) } + [Row(step: 5, upgrade: true)]

        func command(_ fixture: Fixture) -> [String] {
            if upgrade { return [] }
            return fixture == .missingWriting ? writing(step) : reading(step)
        }
    }

    /// A subcommand that only reads, and one that writes, for each step.
    static func reading(_ step: Int) -> [String] {
        switch step {
        case 3: ["players"]
        case 8: ["search"]
        case 10: ["check"]
        case 11: ["rank"]
        default: ["list"]
        }
    }
    /// Every subcommand of each step that only reads (not step 4's and step 5's
    /// `watch`, which must share the writers' `-shm` to see their writes).
    static func everyReading(_ step: Int) -> [[String]] {
        switch step {
        case 3: [["players"], ["teams"], ["player", "1"], ["check"]]
        case 6: [["list"], ["search", "ch"], ["show", "1"]]
        case 7: [["list"], ["search", "a"], ["show", "terre"]]
        case 8: [["search"], ["bodies"]]  // (verify reads a Northwind database: see Step8Tests)
        case 10: [["check"], ["search", "tea"], ["diagram"]]
        case 11:
            [
                ["rank"], ["rank", "--type", "planet"], ["timeline", "--years", "10"], ["orbit", "Phobos"],
                ["json", "--field", "meanRadius", "--plans"],
            ]
        default: [reading(step)]
        }
    }
    static func writing(_ step: Int) -> [String] {
        switch step {
        case 3: ["add-team", "Zebras"]
        case 4, 5: ["add", "Zed", "1"]
        case 6: ["edit", "1", "--price", "2"]
        case 7, 8, 10, 11: ["sync"]
        case 9: ["write-load", "--processes", "1", "--inserts", "1"]
        default: ["add", "Zed"]
        }
    }

    /// The columns of the table, in order.
    enum Fixture: Hashable, CustomStringConvertible {
        case step(Int)
        case notADatabase, empty, missingReading, missingWriting

        static let all: [Fixture] = steps.map(Fixture.step) + [.notADatabase, .empty, .missingReading, .missingWriting]

        /// The step that made the file (nil: no step did).
        var step: Int? {
            if case .step(let n) = self { return n }
            return nil
        }

        var description: String {
            switch self {
            case .step(let n): "step \(n) file"
            case .notADatabase: "not a database"
            case .empty: "empty file"
            case .missingReading: "no file, reading"
            case .missingWriting: "no file, writing"
            }
        }
    }

    /// A database file and its companions, byte for byte (nil: absent).
    struct Bytes: Equatable {
        var files: [String: Data?]
        init(_ path: String) {
            files = Dictionary(
                uniqueKeysWithValues: ["", "-wal", "-shm", "-journal"].map { suffix in
                    (suffix, FileManager.default.contents(atPath: path + suffix))
                })
        }
    }

    struct Cell {
        var row: Row
        var step: Int { row.step }
        var fixture: Fixture
        var result: ProcessResult
        var before: Bytes
        var after: Bytes
        var kindAfter: String?
        var outcome: String {
            guard result.status == 0 else {
                return result.stderr.contains("a later version") ? "refused, later" : "refused"
            }
            switch fixture {
            case .step(let n) where n == step: return "used"
            // Step 5 makes a step 4 file its own, step 10 a step 6, 7 or 8 file, step 11 a step 7,
            // 8 or 10 file; step 6 reads a step 8 or step 10 file (a Northwind catalog too) as it is.
            case .step: return kindAfter == "step\(step)" ? "upgraded" : "used"
            default: return "set up"
            }
        }
    }

    /// One file of each step, made by the step's own programs.
    struct Fixtures: Sendable {
        var directory: TemporaryDirectory

        /// Step 6 copies its bundled catalog to its default file, db/step6.sqlite.
        func path(_ step: Int) -> String {
            step == 6 ? directory.file("db/step6.sqlite") : directory.file("step\(step).sqlite")
        }

        init(in directory: TemporaryDirectory) throws {
            self.directory = directory
            for step in steps {
                let arguments: [String]
                switch step {
                case 3: arguments = ["players", "--seed", "--database", path(step)]
                case 6: arguments = ["list"]
                default: arguments = writing(step) + ["--database", path(step)]
                }
                let result = try StepProcess.run("step\(step)", arguments, in: directory)
                guard result.status == 0 else { throw FixtureError(step: step, stderr: result.stderr) }
            }
        }

        /// The files both tests below copy (never change), made once per test process.
        static let shared = Result { try Fixtures(in: TemporaryDirectory()) }
    }

    struct FixtureError: Error, CustomStringConvertible {
        var step: Int
        var stderr: String
        var description: String { "making a step \(step) file: \(stderr)" }
    }

    /// Runs one cell in its own folder, on a copy of the fixture named x.sqlite.
    static func run(_ row: Row, fixture: Fixture, files: Fixtures) throws -> Cell {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("x.sqlite")
        switch fixture {
        case .step(let n):
            for suffix in ["", "-wal", "-journal"] where FileManager.default.fileExists(atPath: files.path(n) + suffix)
            {
                try FileManager.default.copyItem(atPath: files.path(n) + suffix, toPath: path + suffix)
            }
        case .notADatabase: try Data("these are notes, not a database".utf8).write(to: URL(fileURLWithPath: path))
        case .empty: try Data().write(to: URL(fileURLWithPath: path))
        case .missingReading, .missingWriting: break
        }
        let before = Bytes(path)
        let result = try StepProcess.run(
            "step\(row.step)", row.command(fixture) + ["--database", "x.sqlite"], in: directory)
        let kindAfter: String? =
            switch DatabaseFile.inspect(path) {
            case .database(let contents): contents.kind?.step
            default: nil
            }
        return Cell(
            row: row, fixture: fixture, result: result, before: before, after: Bytes(path), kindAfter: kindAfter)
    }

    /// The table in the appendix: row → column → outcome.
    static func documentedMatrix() throws -> [String: [String: String]] {
        let text = try String(
            contentsOf: workspaceRoot.appendingPathComponent("docs/appendix-file-compatibility.md"),
            encoding: .utf8)
        let rows = text.components(separatedBy: "\n").filter { $0.hasPrefix("| ") }
            .map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
        guard let header = rows.first(where: { $0.first == "step \\ file" }) else { return [:] }
        var matrix: [String: [String: String]] = [:]
        for row in rows where row.first?.hasPrefix("step ") == true && row.first != header.first {
            matrix[row[0].replacingOccurrences(of: "`", with: "")] = Dictionary(
                uniqueKeysWithValues: zip(header.dropFirst(), row.dropFirst()).map { ($0, $1) })
        }
        return matrix
    }

    @Test func everyStepAgainstEveryFileIsAsTheAppendixSays() throws {
        let documented = try Self.documentedMatrix()
        #expect(Set(documented.keys) == Set(Row.all.map(\.description)), "the appendix's rows are not the steps'")
        let files = try Fixtures.shared.get()

        // The cells are independent processes: run them several at a time, then check. The rows and the
        // columns of the steps this run tests (TestedSteps): every file against them, them against every file.
        let jobs = Row.all.flatMap { row in Fixture.all.map { (row, $0) } }.filter { row, fixture in
            TestedSteps.includes(row.step) || fixture.step.map(TestedSteps.includes) == true
        }
        // What a refusal suggests is its maker's reading subcommand on a copy of its file: the cell of the
        // maker's row and its own file's column, run here for every maker.
        let hints = Self.steps.map { (Row(step: $0), Fixture.step($0)) }
        let runs = Parallel.map(hints.filter { hint in !jobs.contains { $0 == hint } } + jobs) { row, fixture in
            Result { try Self.run(row, fixture: fixture, files: files) }
        }
        let cells = runs.suffix(jobs.count)
        let hinted = Dictionary(
            runs.compactMap { run in
                (try? run.get()).flatMap { cell in
                    cell.fixture == .step(cell.step) && !cell.row.upgrade ? (cell.step, cell.result) : nil
                }
            }, uniquingKeysWith: { first, _ in first })

        for result in cells {
            let cell = try result.get()
            let label = "\(cell.row) with a \(cell.fixture)"
            let expected = documented[cell.row.description]?[cell.fixture.description]
            #expect(
                cell.outcome == expected,
                "\(label): the appendix says \(expected ?? "nothing"), the program: \(cell.outcome)\n\(cell.result.stderr)"
            )
            if cell.result.status == 0, case .step(let maker) = cell.fixture, maker != cell.step,
                cell.outcome == "used"
            {
                // Another step's file, read by a subcommand that only reads: still its maker's, every byte.
                #expect(
                    cell.kindAfter == "step\(maker)",
                    "\(label): afterwards the file looks like \(cell.kindAfter ?? "nothing known")")
                #expect(cell.after == cell.before, "\(label): read, but the file or its -wal/-journal changed")
            } else if cell.result.status == 0 {
                // Used, upgraded or set up: the file is now this step's.
                #expect(
                    cell.kindAfter == "step\(cell.step)",
                    "\(label): afterwards the file looks like \(cell.kindAfter ?? "nothing known")")
                // Its own file, read by its subcommand that only reads: every byte as it was, no companion left
                // (everyReadOnlySubcommandLeavesAFileItUsesAsItWas runs the others).
                if cell.fixture == .step(cell.step), !cell.row.upgrade {
                    #expect(cell.after == cell.before, "\(label): changed the file or left a -wal, -shm or -journal")
                }
            } else {
                #expect(cell.result.status == 1, "\(label): exit status \(cell.result.status)")
                #expect(cell.after == cell.before, "\(label): refused, but the file or its -wal/-journal changed")
                #expect(cell.result.stderr.hasPrefix("Error: "), "\(label): \(cell.result.stderr)")
                try checkMessage(cell, label: label, hinted: hinted)
            }
        }
    }

    /// A subcommand that only reads leaves a file it accepts as it found it:
    /// every byte, and no `-wal`, `-shm` or `-journal` that was not there
    /// (a `DatabasePool` writes even to a file it only reads: it switches it
    /// to WAL mode and creates and drops a table, GRDB's `setUpWALMode`).
    /// Every read-only subcommand, on every file the appendix says it uses as it is.
    @Test func everyReadOnlySubcommandLeavesAFileItUsesAsItWas() throws {
        let documented = try Self.documentedMatrix()
        let files = try Fixtures.shared.get()
        // Not the runs the table's test makes already (its reading subcommand on any file it uses, every byte checked).
        let every = Self.steps.flatMap { step in
            Self.steps.filter { documented["step \(step)"]?["step \($0) file"] == "used" }.flatMap { maker in
                Self.everyReading(step).filter { $0 != Self.reading(step) }.map { (step, maker, $0) }
            }
        }
        #expect(every.count >= 15, "\(every.count) runs")
        // The steps this run tests (TestedSteps), and those that read their files.
        let jobs = every.filter { step, maker, _ in TestedSteps.includes(step) || TestedSteps.includes(maker) }
        let runs = Parallel.map(jobs) { step, maker, command in
            Result { () throws -> (ProcessResult, Bytes, Bytes) in
                let directory = try TemporaryDirectory()
                defer { directory.remove() }
                let path = directory.file("x.sqlite")
                try FileManager.default.copyItem(atPath: files.path(maker), toPath: path)
                let before = Bytes(path)
                let result = try StepProcess.run("step\(step)", command + ["--database", "x.sqlite"], in: directory)
                return (result, before, Bytes(path))
            }
        }
        for ((step, maker, command), run) in zip(jobs, runs) {
            let (result, before, after) = try run.get()
            let label = "step\(step) \(command.joined(separator: " ")) on a step \(maker) file"
            #expect(result.status == 0, "\(label): \(result.stderr)")
            #expect(before.files.filter { $0.key != "" }.allSatisfy { $0.value == nil }, "\(label): the fixture")
            #expect(after == before, "\(label): changed the file or left a -wal, -shm or -journal")
        }
    }

    /// A refusal says what the file is, and the command it suggests runs (`hinted`: what that command, the
    /// maker's reading subcommand on a copy of its own file, did, by maker).
    func checkMessage(_ cell: Cell, label: String, hinted: [Int: ProcessResult]) throws {
        let stderr = cell.result.stderr
        switch cell.fixture {
        case .step(let maker):
            #expect(
                stderr.contains("it is a step \(maker) file"),
                "\(label): the message does not name its maker\n\(stderr)")
            let hint = "make step\(maker) ARGS=\"\(Self.reading(maker).joined(separator: " ")) --database x.sqlite\""
            #expect(stderr.contains(hint), "\(label): no hint \(hint)\n\(stderr)")
            // The hint runs: the maker reads its own file.
            let ran = try #require(hinted[maker], "\(label): the suggested command did not run")
            #expect(ran.status == 0, "\(label): the suggested command fails: \(ran.stderr)")
        case .notADatabase:
            #expect(stderr.contains("result code: 26 SQLITE_NOTADB"), "\(label)\n\(stderr)")
        case .empty:
            #expect(stderr.contains("it is empty"), "\(label)\n\(stderr)")
        case .missingReading, .missingWriting:
            #expect(
                stderr.contains("x.sqlite") && (stderr.contains("no database at") || stderr.contains("no file at")),
                "\(label)\n\(stderr)")
        }
    }

    @Test(.testing(step: 5)) func aRefusalSaysLaterVersionOnlyWhenTrue() throws {
        // Step 5 with a migration of the learner's own (chapter 5's "Try this"):
        // step 5 itself refuses it as a file from a later version.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("later.sqlite")
        #expect(try StepProcess.run("step5", ["add", "Fig", "2", "--database", path], in: directory).status == 0)
        let before = Bytes(path)
        try runSQL(path, "INSERT INTO grdb_migrations VALUES ('addPrice')")
        let after = Bytes(path)
        #expect(before != after)
        let result = try StepProcess.run("step5", ["list", "--database", path], in: directory)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("made by a later version of step 5 (migrations it does not know: addPrice)"),
            "\(result.stderr)")
        #expect(Bytes(path) == after)
    }
}

extension FileCompatibilityTests {
    @Test(.testing(step: 5)) func theAppendixShowsARefusalAsTheProgramPrintsIt() throws {
        let text = try String(
            contentsOf: workspaceRoot.appendingPathComponent("docs/appendix-file-compatibility.md"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix("A refusal looks like this") })
        let block = lines[(start + 3)...].prefix { $0 != "```" }
        let command = try #require(block.first?.wholeMatch(of: /\$ make step([1-9]) ARGS="(.*)"/))
        let expected = block.dropFirst().filter { !$0.hasPrefix("make: ***") }
        // The file it reads, made as the sentence before the block says.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(
            try StepProcess.run("step5", ["add", "Fig", "2", "--database", "db/step5.sqlite"], in: directory).status
                == 0)
        let step = try #require(Int(command.output.1))
        let result = try CommandLineTests.run(
            CommandLineTests.Command(place: "appendix", step: step, arguments: String(command.output.2)), in: directory)
        #expect(result.status == 1)
        #expect(result.stderr.components(separatedBy: "\n").filter { !$0.isEmpty } == Array(expected))
    }

    static let realNorthwind =
        workspaceRoot
        .appendingPathComponent("../shared/fixtures/northwind/northwind.db").standardizedFileURL.path

    @Test(.enabled(if: FileManager.default.fileExists(atPath: realNorthwind), "the real Northwind is absent"))
    func theRealNorthwindIsAStep6FileAndOnlyStep6UsesIt() throws {
        // (Step 10 upgrades a step 6 file in place: it is run last, on the copy.)
        // On a temporary copy: the fixture itself is never written to.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("northwind.db")
        try FileManager.default.copyItem(atPath: Self.realNorthwind, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        for step in Self.steps where step != 10 && TestedSteps.includes(step) {
            let before = Bytes(path)
            let result = try StepProcess.run("step\(step)", Self.reading(step) + ["--database", path], in: directory)
            if step == 6 {
                #expect(result.status == 0, "\(result.stderr)")
            } else {
                #expect(result.status == 1)
                #expect(result.stderr.contains("it is a step 6 file, a Northwind catalog"), "\(result.stderr)")
                #expect(Bytes(path) == before, "step \(step) changed the real Northwind")
            }
        }
        guard TestedSteps.includes(10) else { return }
        let upgraded = try StepProcess.run("step10", ["search", "chai", "--database", path], in: directory)
        #expect(upgraded.status == 0, "\(upgraded.stderr)")
        #expect(upgraded.stdout.contains("[Chai]"), "\(upgraded.stdout)")
    }

    @Test(.testing(step: 5)) func aMigrationTheLearnerAddsIsKnownToTheirOwnStep() throws {
        // Chapter 5's "Try this": step 5 with an addPrice migration keeps
        // using the file it upgraded; the course's step 5 calls it later.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let theirs = ["createItem", "addNotes", "addPrice"]
        let path = try itemsFile(in: directory, migrations: theirs, columns: itemsWithPrice)
        try DatabaseFile.check(.file(path), for: "step5", migrations: theirs)
        let message = refusal(path, for: "step5")
        #expect(message.contains("made by a later version of step 5 (migrations it does not know: addPrice)"))
    }

    @Test(.testing(step: 5)) func laterMeansThisStepsMigrationsFirstAndInOrder() throws {
        // Step 5's two migrations and one more, but not in the order step 5
        // runs them: not a later step 5 (as a step 8 file is no later step 7).
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try itemsFile(
            in: directory, migrations: ["addNotes", "createItem", "addPrice"], columns: itemsWithPrice)
        let message = refusal(path, for: "step5")
        #expect(!message.contains("later version"), "\(message)")
        #expect(message.contains("no step of this course makes a file like it"), "\(message)")
    }

    @Test(.testing(step: 4)) func theRightTablesWithOtherColumnsAreRefusedBeforeWALMode() throws {
        // Step 4's tables and migration, but an item table of another shape:
        // refused before the DatabasePool would switch the file to WAL mode.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try itemsFile(
            in: directory, migrations: ["createItem"], columns: "id INTEGER PRIMARY KEY, name TEXT, price REAL")
        let before = Bytes(path)
        let result = try StepProcess.run("step4", ["add", "Fig", "1", "--database", path], in: directory)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "it holds the tables grdb_migrations, item: no step of this course makes a file like it"),
            "\(result.stderr)")
        #expect(Bytes(path) == before)
    }
}

/// Step 5's `item` table, and a column of a learner's own migration.
private let itemsWithPrice = "id INTEGER PRIMARY KEY, name TEXT, quantity INTEGER, notes TEXT, price REAL"

/// The message `DatabaseFile.check` refuses the file with (an issue when it does not refuse it).
private func refusal(_ path: String, for step: String) -> String {
    do {
        try DatabaseFile.check(.file(path), for: step)
        Issue.record("\(step) used \(path)")
        return ""
    } catch {
        return "\(error)"
    }
}

/// A new file with an `item` table of these columns, and these migrations
/// recorded as GRDB records them.
private func itemsFile(in directory: TemporaryDirectory, migrations: [String], columns: String) throws -> String {
    let path = directory.file("items.sqlite")
    let values = migrations.map { "('\($0)')" }.joined(separator: ", ")
    try runSQL(
        path,
        """
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
        INSERT INTO grdb_migrations VALUES \(values);
        CREATE TABLE item (\(columns));
        """, create: true)
    return path
}

/// Runs one statement on a file, with the C API.
private func runSQL(_ path: String, _ sql: String, create: Bool = false) throws {
    var db: OpaquePointer?
    defer { sqlite3_close_v2(db) }
    var code = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0), nil)
    if code == SQLITE_OK { code = sqlite3_exec(db, sql, nil, nil, nil) }
    guard code == SQLITE_OK else { throw SQLiteError(connection: db, resultCode: code, sql: sql) }
}
