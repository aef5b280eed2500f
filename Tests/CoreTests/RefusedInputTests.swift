import CourseCore
import CourseTestSupport
import Foundation
import Testing

/// Every subcommand that takes input, given bad input, on its step's own file as a learner has it
/// (`db/stepN.sqlite`, made by the step's subcommands): a non-zero exit, a message that says what was wrong,
/// and every byte of the file, and of its `-wal`, `-shm` and `-journal`, as it was (a missing one still
/// missing). A snapshot of the rows would not do: a `DatabasePool` that opens the file writes to it (GRDB's
/// `setUpWALMode` creates and drops a table), which changes its header and size but no row.
typealias RefusedInputTests = EveryStep.RefusedInputTests
extension EveryStep { @Suite struct RefusedInputTests {} }

extension RefusedInputTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var step: Int
        var arguments: [String]
        /// 64: ArgumentParser's usage error, before the step runs; 1: the step's own refusal.
        var status: Int32
        /// Words the message must hold.
        var says: String
        /// The text of `source.json`, in the folder the step runs in (a source for `sync`).
        var source: String? = nil

        init(_ step: Int, _ arguments: [String], _ status: Int32, _ says: String, source: String? = nil) {
            (self.step, self.arguments, self.status, self.says, self.source) = (step, arguments, status, says, source)
        }

        var testDescription: String { "step\(step) \(arguments.joined(separator: " "))" }
    }

    /// Bodies' sources a sync must refuse before it writes.
    enum Source {
        static let topLevelList = #"[{"id": "x", "englishName": "X"}]"#
        static let noBodies = #"{"bodies": []}"#
        static let idTwice =
            #"{"bodies": [{"id": "x", "name": "X", "englishName": "X", "bodyType": "Moon"}, "#
            + #"{"id": "x", "name": "Y", "englishName": "Y", "bodyType": "Moon"}]}"#
        static let notJSON = "these are notes, not JSON"
    }

    /// Every row: each step's, and the options steps 4 and 5 share.
    static let rows = stepRows + [4, 5].flatMap(itemsOptions)

    static let stepRows: [Row] = [
        Row(1, ["add", "  "], 64, "The name must not be empty."),

        Row(2, ["add", ""], 64, "The name must not be empty."),
        Row(2, ["injure", "99"], 1, "no player with id 99"),
        Row(2, ["injure", "abc"], 64, "The value 'abc' is invalid for '<id>'"),

        Row(3, ["player", "99"], 1, "no player with id 99"),
        Row(3, ["add-team", ""], 64, "The name must not be empty."),
        Row(3, ["add-player", "  "], 64, "The name must not be empty."),
        Row(3, ["add-player", "Ghost", "--team", "42"], 1, "no team with id 42"),
        Row(3, ["move-player", "99", "--team", "1"], 1, "no player with id 99"),
        Row(3, ["move-player", "1", "--team", "42"], 1, "no team with id 42"),
        Row(3, ["move-player", "1"], 64, "Give either --team ID or --no-team."),
        Row(3, ["move-player", "1", "--team", "2", "--no-team"], 64, "Give either --team ID or --no-team."),
        Row(3, ["delete-team", "99"], 1, "no team with id 99"),
        Row(3, ["delete-team", "1"], 1, "its players (#1 Blob) would point to nothing"),

        Row(4, ["add", "Fig", "3.5"], 1, #"quantity "3.5" is not a whole number"#),
        Row(4, ["add", "Fig", "-1"], 1, "quantity -1 is negative"),
        Row(4, ["add"], 1, "usage: add NAME [QUANTITY]"),
        Row(4, ["add", "", ""], 1, "nothing to save: every field of the item is empty"),
        Row(
            4, ["add", "Fig", "2", "--notes", "n"], 1, "unknown option --notes: the fields are --name, --quantity"),
        Row(4, ["edit", "9", "--name", "X"], 1, "no item with id 9"),
        Row(4, ["edit", "1", "--quantity", "x"], 1, #"quantity "x" is not a whole number"#),
        Row(4, ["edit", "1"], 1, "usage: edit ID"),
        Row(4, ["edit", "one", "--name", "X"], 1, #""one" is not an item id"#),
        Row(4, ["delete", "1", "9"], 1, "no item with id 9"),
        Row(4, ["delete"], 1, "usage: delete ID"),

        // Step 5 shares step 4's commands (ItemsKit, and their options below); its own field and its upgrade.
        Row(5, ["add", "Fig", "3.5"], 1, #"quantity "3.5" is not a whole number"#),
        Row(5, ["edit", "1", "--notes"], 1, "--notes needs a value"),
        Row(5, ["edit", "9", "--notes", "n"], 1, "no item with id 9"),
        Row(5, ["delete", "1", "9"], 1, "no item with id 9"),
        Row(5, ["--in-memory"], 64, "--in-memory: a fresh database has nothing to upgrade."),

        Row(6, ["edit", "27", "--price", "-1"], 1, "SQLITE_CONSTRAINT_CHECK"),
        Row(6, ["edit", "27", "--price=-1"], 1, "nothing was saved"),
        Row(
            6, ["edit", "27", "--stock", "-3", "--supplier-phone", "0"], 1, "CHECK constraint failed: UnitsInStock"),
        Row(6, ["edit", "999", "--price", "1"], 1, "no product with id 999"),
        Row(6, ["edit", "27", "--name", ""], 1, "the product name must not be empty"),
        Row(6, ["edit", "27", "--price", "1.234"], 1, "a price has at most two decimals, not 1.234"),
        Row(6, ["edit", "27", "--price", "twelve"], 64, "The value 'twelve' is invalid for '--price <price>'"),
        Row(6, ["edit", "27", "--stock", "1.5"], 64, "The value '1.5' is invalid for '--stock <stock>'"),
        Row(6, ["edit", "27", "--discontinued", "maybe"], 64, "The value 'maybe' is invalid"),
        Row(6, ["edit", "abc", "--price", "1"], 64, "The value 'abc' is invalid for '<id>'"),
        Row(6, ["edit", "27"], 64, "Nothing to edit"),
        // A mistyped option is named first, with its suggestion, before any other check.
        Row(6, ["edit", "27", "--prise", "17"], 64, "--prise is not an option here: did you mean --price?"),
        Row(6, ["show", "999"], 1, "no product with id 999"),
        Row(6, ["search"], 64, "Missing expected argument '<text>'"),

        Row(
            7, ["sync", "source.json"], 1, "is not a list of bodies: the top level is not a",
            source: Source.topLevelList),
        Row(7, ["sync", "source.json"], 1, "lists no bodies: the cache is left as it is", source: Source.noBodies),
        Row(7, ["sync", "source.json"], 1, #"the id "x" appears twice"#, source: Source.idTwice),
        Row(7, ["sync", "nowhere.json"], 1, "no file at nowhere.json"),
        Row(7, ["sync", "ftp://example.com/bodies"], 1, "is not a source step7 can read"),
        Row(7, ["show", "nowhere"], 1, #"no body with id "nowhere" in the cache"#),
        Row(7, ["search"], 64, "Missing expected argument '<text>'"),

        Row(8, ["edit", "999", "--price", "1"], 1, "no product with id 999"),
        Row(8, ["edit", "1", "--price", "abc"], 64, "The value 'abc' is invalid for '--price <price>'"),
        Row(8, ["edit", "1", "--price", "nan"], 1, "the price must be a number, not nan"),
        Row(8, ["sync", "source.json"], 1, "is not a list of bodies: the top level", source: Source.topLevelList),
        Row(8, ["sync", "source.json"], 1, "lists no bodies: the cache is left as it is", source: Source.noBodies),
        Row(8, ["sync", "source.json"], 1, "SQLITE_CONSTRAINT_PRIMARYKEY", source: Source.idTwice),
        Row(8, ["verify"], 64, "verify reads an existing Northwind database: give --database PATH."),
        Row(8, ["search", "--limit", "3"], 64, "--limit is not an option here."),
        Row(8, ["bodies", "--limit", "3"], 64, "--limit is not an option here."),

        Row(9, ["write-load", "--processes", "0"], 64, "--processes must be between 1 and 64, not 0."),
        Row(9, ["write-load", "--inserts", "100001"], 64, "--inserts must be between 1 and 100000, not 100001."),
        Row(
            9, ["write-load", "--no-timeout", "--deferred"], 64, "--no-timeout and --deferred change one thing each"
        ),

        Row(10, ["add", ""], 1, "the name must not be empty"),
        Row(10, ["add", "Tea", "--category", "99"], 1, "SQLITE_CONSTRAINT_FOREIGNKEY"),
        Row(10, ["rename", "9999", "Tea"], 1, "no product with id 9999"),
        Row(10, ["rename", "1", " "], 1, "the name must not be empty"),
        Row(10, ["delete", "9999"], 1, "no product with id 9999"),
        Row(10, ["delete", "abc"], 64, "The value 'abc' is invalid for '<id>'"),
        Row(10, ["search"], 64, "Give words to search, or --query, not both (nor neither)."),
        Row(10, ["search", "tea", "--limit", "0"], 64, "--limit must be between 1 and 1000, not 0."),
        Row(10, ["search", "tea", "--in", "planets"], 64, "The value 'planets' is invalid for '--in <in>'"),
        Row(10, ["search", "--query", "\"tea"], 1, "could not search the products for --query"),
        Row(10, ["sync", "source.json"], 1, #"the source has no "bodies" array"#, source: Source.topLevelList),
        Row(10, ["sync", "source.json"], 1, "the source lists no bodies", source: Source.noBodies),
        Row(
            10, ["sync", "source.json"], 1, "the source lists these ids more than once: x", source: Source.idTwice),
        Row(10, ["sync", "source.json"], 1, "malformed JSON", source: Source.notJSON),
        Row(10, ["sync", "nowhere.json"], 1, "no file at nowhere.json"),

        Row(11, ["rank", "--type", "comet"], 1, #"no body of type "comet""#),
        Row(11, ["timeline", "--years", "0"], 64, "--years must be from 1 to 400."),
        Row(11, ["orbit", "Vulcan"], 1, #"no body named "Vulcan" in the documents"#),
        Row(11, ["json", "--field", "no such"], 1, #""no such" is not a field name"#),
        Row(11, ["json"], 64, "Missing expected argument '--field <field>'"),
        Row(11, ["sync", "source.json"], 1, #"the source has no "bodies" array"#, source: Source.topLevelList),
        Row(11, ["sync", "source.json"], 1, "the source lists no bodies", source: Source.noBodies),
        Row(11, ["sync", "source.json"], 1, "malformed JSON", source: Source.notJSON),
        Row(11, ["sync", "nowhere.json"], 1, "no file at nowhere.json"),
    ]

    /// The options of steps 4's and 5's other subcommands (ItemsKit's), refused by ArgumentParser.
    static func itemsOptions(_ step: Int) -> [Row] {
        let invalid = "The value 'x' is invalid for "
        return [
            // `new` takes no words, so ArgumentParser refuses the extra one itself.
            Row(step, ["new", "extra"], 64, "Unexpected argument 'extra'"),
            Row(step, ["new", "--random-start", "x"], 64, invalid + "'--random-start <N>'"),
            Row(step, ["list", "--order", "x"], 64, invalid + "'--order <order>'"),
            Row(step, ["shell", "--order", "x"], 64, invalid + "'--order <order>'"),
            Row(step, ["watch", "--timeout", "x"], 64, invalid + "'--timeout <timeout>'"),
        ]
    }

    /// Every step has rows, and so has every subcommand that takes input: its help
    /// (`Tests/Golden/help/stepN-SUB.txt`) shows arguments, or options besides the ones every subcommand
    /// of the step shares.
    @Test func everySubcommandThatTakesInputHasARow() throws {
        #expect(Set(Self.rows.map(\.step)) == Set(FileCompatibilityTests.steps))
        let shared: Set<Substring> = ["--database", "--in-memory", "--trace", "--stats", "--help", "--seed"]
        let folder = workspaceRoot.appendingPathComponent("Tests/Golden/help")
        var subcommands = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            guard let match = name.wholeMatch(of: /step([0-9]+)-([a-z-]+)\.txt/), match.output.2 != "tour",
                let step = Int(match.output.1)
            else { continue }
            let help = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let options = help.split(separator: "\n").compactMap { $0.firstMatch(of: /^  (--[a-z-]+)/)?.output.1 }
            // Steps 4's and 5's add, edit and delete take the shell's words: their usage shows NAME or ID.
            let takesInput =
                help.contains("ARGUMENTS:") || help.contains(" NAME ") || help.contains(" ID")
                || options.contains { !shared.contains($0) }
            guard takesInput else { continue }
            subcommands += 1
            #expect(
                Self.rows.contains { $0.step == step && $0.arguments.first == String(match.output.2) },
                "step\(step) \(match.output.2) takes input, and no row gives it bad input")
        }
        #expect(subcommands >= 40, "\(subcommands) subcommands take input")
    }

    /// The rows of the steps this run tests (TestedSteps).
    static var tested: [Row] { rows.filter { TestedSteps.includes($0.step) } }

    @Test(arguments: tested)
    func refusedAndEveryByteAsItWas(_ row: Row) throws {
        let files = try FileCompatibilityTests.Fixtures.shared.get()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // The step's own default file, as its subcommands left it (the fixture of the appendix's matrix).
        let path = directory.file("db/step\(row.step).sqlite")
        try FileManager.default.createDirectory(atPath: directory.file("db"), withIntermediateDirectories: true)
        for suffix in ["", "-wal", "-shm", "-journal"]
        where FileManager.default.fileExists(atPath: files.path(row.step) + suffix) {
            try FileManager.default.copyItem(atPath: files.path(row.step) + suffix, toPath: path + suffix)
        }
        if let source = row.source {
            try Data(source.utf8).write(to: URL(fileURLWithPath: directory.file("source.json")))
        }
        let before = FileCompatibilityTests.Bytes(path)

        let result = try StepProcess.run("step\(row.step)", row.arguments, in: directory)

        #expect(result.status == row.status, "exit status \(result.status): \(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: "), "\(result.stderr)")
        #expect(result.stderr.contains(row.says), "\(result.stderr)")
        let after = FileCompatibilityTests.Bytes(path)
        #expect(after == before, "refused, but \(Self.changes(before, after))\n\(result.stderr)")
    }

    /// What changed, in words: which of the file and its companions, and, for the file, the two counters of its
    /// header every write moves (the change counter, bytes 24–27; the schema cookie, bytes 40–43).
    static func changes(_ before: FileCompatibilityTests.Bytes, _ after: FileCompatibilityTests.Bytes) -> String {
        func counters(_ data: Data?) -> String {
            guard let data, data.count >= 44 else { return "\(data?.count ?? 0) bytes" }
            let number = { (at: Int) -> Int in data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            return "\(data.count) bytes, change counter \(number(24)), schema cookie \(number(40))"
        }
        return ["", "-wal", "-shm", "-journal"].filter { before.files[$0] != after.files[$0] }.map { suffix in
            suffix.isEmpty
                ? "the file changed (\(counters(before.files[""] ?? nil)) → \(counters(after.files[""] ?? nil)))"
                : "its \(suffix) changed (\(before.files[suffix] == nil ? "absent" : "present") before)"
        }.joined(separator: "; ")
    }
}
