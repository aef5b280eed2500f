import Foundation

/// `make ex ARGS="new <id> --kind <kind>"`: a new exercise, complete and
/// consistent, that `make ex ARGS="verify <id>"` passes at once — the manifest
/// entry, the starter, the solution, a check whose first case the starter fails,
/// one known mistake, one alternative, the row of its chapter's Exercises table
/// and Package.swift's list. Every file is a working example to rewrite: the
/// exercise counts the rows of a table, and its second case is the one that
/// decides "rows, not the largest id" (docs/instructors.md).
public struct Scaffold {
    public var checkout: Checkout
    public var id: String
    public var kind: Exercise.Kind

    public init(checkout: Checkout, id: String, kind: Exercise.Kind) {
        self.checkout = checkout
        self.id = id
        self.kind = kind
    }

    /// The step, from the id: s3-… is step 3.
    public var step: Int? {
        guard id.hasPrefix("s"), let dash = id.firstIndex(of: "-") else { return nil }
        return Int(id[id.index(after: id.startIndex)..<dash])
    }

    var file: String {
        switch kind {
        case .write, .fix: "Count.swift"
        case .predict: "prediction.txt"
        case .sql: "query.sql"
        }
    }

    var module: String { "Exercise_" + id.replacingOccurrences(of: "-", with: "_") }

    /// The kind as the chapters' Exercises tables say it.
    var kindWords: String {
        switch kind {
        case .write: "write the code"
        case .fix: "fix the bug"
        case .predict: "predict the output"
        case .sql: "write the SQL"
        }
    }

    /// Writes everything; returns the paths written or changed, relative to the root.
    public func create() throws -> [String] {
        let steps = Lint.steps(root: checkout.root)
        guard let step, steps.contains(step),
            id.range(of: "^s[0-9]+-[a-z0-9-]+$", options: .regularExpression) != nil
        else {
            throw RunnerError(
                "\(id): an id is s<step>-<words>, lowercase, e.g. s3-count-rows (step 3), with a step of "
                    + "the course (a chapter docs/NN-….md titled \"# Step N ·\"): \(steps.map(String.init).joined(separator: ", "))"
            )
        }
        let manifest = try Manifest.load(root: checkout.root)
        if manifest.exercises.contains(where: { $0.id == id }) { throw RunnerError("\(id) already exists") }
        for folder in ["Exercises", "Solutions", "Checks"]
        where FileManager.default.fileExists(atPath: checkout.root.appendingPathComponent("\(folder)/\(id)").path) {
            throw RunnerError("\(folder)/\(id) already exists: delete it, or choose another id")
        }
        let chapter = try chapterFile(step)
        var written: [String] = []
        func put(_ path: String, _ text: String) throws {
            let url = checkout.root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            written.append(path)
        }
        let files = templates()
        for (name, text) in files.shared { try put("Exercises/\(id)/\(name)", text) }
        for (name, text) in files.shared { try put("Solutions/\(id)/\(name)", text) }
        try put("Exercises/\(id)/\(file)", files.starter)
        try put("Solutions/\(id)/\(file)", files.solution)
        try put("Checks/\(id)/main.swift", files.check)
        try put("Checks/\(id)/mistakes/largest-id/\(file)", files.mistake)
        try put("Checks/\(id)/alternatives/\(alternativeName)/\(file)", files.alternative)

        try insertIntoManifest(after: manifest.exercises.last { $0.step <= step }?.id, chapter: chapter)
        written.append(Manifest.path)
        try addToChapter(chapter)
        written.append(chapter)
        if try PackageList.update(root: checkout.root, Manifest.load(root: checkout.root)) {
            written.append(PackageList.path)
        }
        return written
    }

    var alternativeName: String { kind == .predict ? "commented" : "count-column" }

    // MARK: The manifest and the chapter

    /// docs/NN-….md, the chapter of the step.
    func chapterFile(_ step: Int) throws -> String {
        let docs = checkout.root.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        guard let name = names.sorted().first(where: { $0.hasPrefix(Lint.chapterPrefix(step)) && $0.hasSuffix(".md") })
        else { throw RunnerError("no chapter docs/\(Lint.chapterPrefix(step))….md for step \(step)") }
        return "docs/\(name)"
    }

    /// The entry, written in the manifest's own layout (the file is read by people, and
    /// diffs stay one block), after the last exercise of this step or an earlier one.
    func insertIntoManifest(after previous: String?, chapter: String) throws {
        let url = checkout.root.appendingPathComponent(Manifest.path)
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        func quoted(_ text: String) -> String {
            let data = (try? JSONEncoder().encode(text)) ?? Data()
            return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\\/", with: "/")
        }
        let says = starterSays
        let entry = """
                {
                  "id": \(quoted(id)),
                  "kind": \(quoted(kind.rawValue)),
                  "step": \(step ?? 0),
                  "section": \(quoted("\(chapter)#exercises")),
                  "file": \(quoted(file)),
                  "task": \(quoted(task)),
                  "hints": [
                    \(quoted("TODO (instructor): a gentle hint: what to look at.")),
                    \(quoted("TODO (instructor): a closer hint: which call or clause.")),
                    \(quoted("TODO (instructor): an explicit hint: the line to write."))
                  ],
                  "starter": {
                    "stage": "check",
                    "says": \(quoted(says))
                  },
                  "mistakes": [
                    {
                      "name": "largest-id",
                      "says": \(quoted(mistakeSays))
                    }
                  ],
                  "alternatives": [
                    {
                      "name": \(quoted(alternativeName))
                    }
                  ]
                }
            """
        // Entries are the lines "    {" … "    }" (or "    },"): find where the previous one ends.
        let index: Int
        if let previous, let start = lines.firstIndex(of: "      \"id\": \(quoted(previous)),"),
            let end = lines[start...].firstIndex(where: { $0 == "    }" || $0 == "    }," })
        {
            lines[end] = "    },"
            index = end + 1
            let isLast = !lines[index...].contains { $0 == "    {" }
            lines.insert(entry + (isLast ? "" : ","), at: index)
        } else if let first = lines.firstIndex(of: "    {") {
            lines.insert(entry + ",", at: first)
        } else {
            throw RunnerError("\(Manifest.path): cannot find where its exercises are (\"    {\" lines)")
        }
        try Data(lines.joined(separator: "\n").utf8).write(to: url, options: .atomic)
        _ = try Manifest.load(root: checkout.root)  // still valid JSON
    }

    var task: String { "TODO (instructor): one line, the task; here: count the rows of item." }

    /// A row in the chapter's "## Exercises" table, after its last row.
    func addToChapter(_ chapter: String) throws {
        let url = checkout.root.appendingPathComponent(chapter)
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        guard let section = lines.lastIndex(of: "## Exercises") else {
            throw RunnerError("\(chapter) has no \"## Exercises\" section to list \(id) in")
        }
        let row = "| [\(id)](../Exercises/\(id)/\(file)) | \(kindWords) | [Exercises](#exercises) | \(task) |"
        if let last = lines[section...].lastIndex(where: { $0.hasPrefix("| [") }) {
            lines.insert(row, at: last + 1)
        } else {
            lines.insert(
                contentsOf: ["", "| Exercise | Kind | Practises | Task |", "| --- | --- | --- | --- |", row],
                at: section + 1)
        }
        try Data(lines.joined(separator: "\n").utf8).write(to: url, options: .atomic)
    }

    // MARK: The files

    /// What the starter's failure says, and the mistake's: verify checks both.
    var starterSays: String {
        switch kind {
        case .write, .fix: "countItems counts the rows of item"
        case .predict: "still ??? (not predicted yet)"
        case .sql: "an empty file"
        }
    }

    var mistakeSays: String {
        switch kind {
        case .write, .fix, .sql: "rows, not the largest id"
        case .predict: "line 5 of prediction.txt is the first wrong one"  // the header is lines 1–3
        }
    }

    struct Files {
        var shared: [String: String] = [:]
        var starter: String
        var solution: String
        var mistake: String
        var alternative: String
        var check: String
    }

    func templates() -> Files {
        switch kind {
        case .write, .fix: swiftTemplates()
        case .predict: predictTemplates()
        case .sql: sqlTemplates()
        }
    }

    /// The function the learner writes (or fixes), with the C API, which every
    /// exercise's module has (GRDB too from step 2: rewrite it with GRDB there).
    func swiftTemplates() -> Files {
        func countItems(_ body: String) -> String {
            """
            import CSQLite

            // Exercise \(id) · \(kindWords) · chapter \(step ?? 0)
            //
            // TODO (instructor): what the learner reads first: the situation, and what to do.

            /// The number of rows in the table item.
            public func countItems(_ db: OpaquePointer) -> Int {
            \(body)
            }

            """
        }
        func counting(_ sql: String) -> String {
            """
                var statement: OpaquePointer?
                sqlite3_prepare_v2(db, "\(sql)", -1, &statement, nil)
                defer { sqlite3_finalize(statement) }
                return sqlite3_step(statement) == SQLITE_ROW ? Int(sqlite3_column_int64(statement, 0)) : -1
            """
        }
        return Files(
            starter: countItems(kind == .fix ? counting("SELECT 0 FROM item LIMIT 1") : "    0  // TODO: count them"),
            solution: countItems(counting("SELECT count(*) FROM item")),
            mistake: countItems(counting("SELECT max(id) FROM item")),
            alternative: countItems(counting("SELECT count(id) FROM item")),
            check: """
                import ExerciseSupport

                @testable import \(module)

                /// One case: a table item holding these ids, whose rows countItems must count.
                func countsRows(ids: [Int]) throws {
                    let db = try ScratchDatabase()
                    try db.execute(
                        "CREATE TABLE item (id INTEGER PRIMARY KEY);"
                            + ids.map { "INSERT INTO item (id) VALUES (\\($0));" }.joined())
                    try expect(countItems(db.handle), equals: ids.count, "the number of rows of item")
                }

                // One case per rule of the task, each on data where breaking that rule alone changes
                // what the check sees (docs/instructors.md): with ids 1, 2, 3 the largest id is also the
                // count; with 1, 2, 4 (row 3 deleted) it is not.
                // edge(boundary, largest-id): ids 1, 2, 4, a gap where row 3 was deleted
                runCheck(
                    "\(id)",
                    [
                        ("countItems counts the rows of item", { try countsRows(ids: [1, 2, 3]) }),
                        ("countItems counts rows, not the largest id (row 3 was deleted)", { try countsRows(ids: [1, 2, 4]) }),
                    ])

                """)
    }

    func predictTemplates() -> Files {
        let header = """
            # What does Program.swift print? One line per line it prints, in order.
            # Lines starting with # are ignored. Replace the ??? lines.

            """
        return Files(
            shared: [
                "Program.swift": """
                import CSQLite

                // Exercise \(id) · predict the output · chapter \(step ?? 0)
                //
                // Read this program, then write in prediction.txt what it prints, line by
                // line. Don't run it: `make ex` runs it and compares.

                func program(say: (String) -> Void) {
                    var db: OpaquePointer?
                    sqlite3_open(":memory:", &db)
                    defer { sqlite3_close(db) }
                    func value(_ sql: String) -> String {
                        var statement: OpaquePointer?
                        sqlite3_prepare_v2(db, sql, -1, &statement, nil)
                        defer { sqlite3_finalize(statement) }
                        return sqlite3_step(statement) == SQLITE_ROW ? String(cString: sqlite3_column_text(statement, 0)) : "?"
                    }
                    sqlite3_exec(db, "CREATE TABLE item (id INTEGER PRIMARY KEY)", nil, nil, nil)
                    sqlite3_exec(db, "INSERT INTO item (id) VALUES (1), (2), (3)", nil, nil, nil)
                    sqlite3_exec(db, "DELETE FROM item WHERE id = 2", nil, nil, nil)
                    say("rows: \\(value("SELECT count(*) FROM item"))")
                    say("largest id: \\(value("SELECT max(id) FROM item"))")
                }

                """
            ],
            starter: header + "???\n",
            solution: header + "rows: 2\nlargest id: 3\n",
            mistake: header + "rows: 2\nlargest id: 2\n",
            alternative: header + "# the ids are not renumbered\nrows: 2\nlargest id: 3\n",
            check: """
                import ExerciseSupport

                @testable import \(module)

                // edge(boundary, largest-id): Program.swift deletes row 2 of 3: the largest id is not the count
                runPredictionCheck("\(id)", program: program)

                """)
    }

    func sqlTemplates() -> Files {
        let header = """
            -- Exercise \(id) · write the SQL · chapter \(step ?? 0)
            --
            -- Table: item (id INTEGER PRIMARY KEY)
            -- Write one SELECT: how many rows item has.
            -- Column: count. Lines starting with -- are ignored.

            """
        return Files(
            starter: header,
            solution: header + "SELECT count(*) FROM item;\n",
            mistake: header + "SELECT max(id) FROM item;\n",
            alternative: header + "select count(id) as n from item;\n",
            check: """
                import ExerciseSupport

                // Row 3 was deleted: the largest id (4) is not the number of rows (3). With ids 1, 2, 3
                // the two agree, and no case would decide the rule (docs/instructors.md).
                // edge(boundary, largest-id): ids 1, 2, 4, a gap where row 3 was deleted
                let setup = \"""
                    CREATE TABLE item (id INTEGER PRIMARY KEY);
                    INSERT INTO item (id) VALUES (1), (2), (4);
                    \"""

                runQueryCheck(
                    "\(id)", "the number of rows of item", setup: setup,
                    expected: [["3"]],
                    rules: [
                        .columns("one column: the count"),
                        QueryRule("rows, not the largest id (row 3 was deleted)") { rows, expected in rows == expected },
                    ])

                """)
    }
}
