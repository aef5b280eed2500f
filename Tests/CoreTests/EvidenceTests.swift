import CourseTestSupport
import Foundation
import Testing

/// The book's evidence (docs/evidence/README.md): each list quotes the claims of a chapter and names the
/// evidence of each. This check keeps the lists true to what they point at: every claim is still, word for
/// word, in a file the list quotes from, and every piece of evidence exists. (What the experiments show is
/// checked by running them: `make evidence`.)
enum EvidenceCheck {
    struct Row {
        var list: String  // "docs/evidence/09-concurrency.md:12"
        var claim: String
        var evidence: String
        var review: String
    }

    /// The kinds of reference an Evidence cell may hold, as `kind:…` between backticks.
    static let kinds = ["test", "golden", "exp", "grdb", "src", "sqlite"]

    /// Runs of spaces, tabs and line breaks folded to one space, none at either end: a quote survives
    /// a chapter's line wrapping. On bytes: these files are read hundreds of times.
    static func foldedBytes(_ text: String) -> Data {
        var bytes = Data()
        bytes.reserveCapacity(text.utf8.count)
        var space = false
        for byte in text.utf8 {
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                space = !bytes.isEmpty
            } else {
                if space { bytes.append(0x20) }
                space = false
                bytes.append(byte)
            }
        }
        return bytes
    }

    static func folded(_ text: String) -> String { String(decoding: foldedBytes(text), as: UTF8.self) }

    /// A file's text, folded, as bytes: searched once per claim and reference, hundreds of times
    /// (a byte search; `String.contains` compares Unicode characters, many times slower).
    struct Folded {
        let bytes: Data
        init(_ text: String) { bytes = EvidenceCheck.foldedBytes(text) }
        func contains(_ piece: String) -> Bool { bytes.range(of: EvidenceCheck.foldedBytes(piece)) != nil }
    }

    /// The files references name, read and folded once.
    final class Files {
        private var read: [String: Folded?] = [:]
        func text(_ url: URL) -> Folded? {
            if let known = read[url.path] { return known }
            let text = (try? String(contentsOf: url, encoding: .utf8)).map(Folded.init)
            read[url.path] = text
            return text
        }
        /// An HTML page's words, folded.
        func page(_ url: URL) -> Folded? {
            let key = "page:" + url.path
            if let known = read[key] { return known }
            let text = (try? String(contentsOf: url, encoding: .utf8)).map { Folded(EvidenceCheck.text(ofPage: $0)) }
            read[key] = text
            return text
        }
    }

    /// A table row's cells; `\|` is a pipe inside a cell.
    static func cells(_ line: String) -> [String] {
        var cells: [String] = []
        var cell = ""
        var characters = Array(line.trimmingCharacters(in: .whitespaces).dropFirst())  // the leading |
        if characters.last == "|" { characters.removeLast() }
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\\", index + 1 < characters.count, characters[index + 1] == "|" {
                cell.append("|")
                index += 2
                continue
            }
            if character == "|" {
                cells.append(cell.trimmingCharacters(in: .whitespaces))
                cell = ""
            } else {
                cell.append(character)
            }
            index += 1
        }
        cells.append(cell.trimmingCharacters(in: .whitespaces))
        return cells
    }

    /// The backticked `kind:…` references of an Evidence cell.
    static func references(_ cell: String) -> [(kind: String, value: String)] {
        cell.components(separatedBy: "`").enumerated().compactMap { index, part in
            guard index % 2 == 1, let colon = part.firstIndex(of: ":") else { return nil }
            let kind = String(part[..<colon])
            return kinds.contains(kind) ? (kind, String(part[part.index(after: colon)...])) : nil
        }
    }

    /// One list: its quoted files, rows, and what is wrong with its shape.
    static func parse(_ text: String, list: String) -> (sources: [String], rows: [Row], problems: [String]) {
        let lines = text.components(separatedBy: "\n")
        var sources: [String] = []
        var rows: [Row] = []
        var problems: [String] = []
        var inRemoved = false
        for (index, line) in lines.enumerated() {
            let place = "\(list):\(index + 1)"
            if line.hasPrefix("Quotes from:") {
                sources = line.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            }
            if line.hasPrefix("## ") { inRemoved = line.hasPrefix("## Removed") }
            guard !inRemoved, line.hasPrefix("|"), !line.hasPrefix("| Claim"), !line.hasPrefix("| ---") else {
                continue
            }
            let cells = cells(line)
            guard cells.count == 3 else {
                problems.append(
                    "\(place): a row needs 3 cells (Claim | Evidence | Review), this one has \(cells.count)")
                continue
            }
            rows.append(Row(list: place, claim: cells[0], evidence: cells[1], review: cells[2]))
        }
        if sources.isEmpty { problems.append("\(list): no `Quotes from:` line naming the files the claims quote") }
        if rows.isEmpty { problems.append("\(list): no claims listed") }
        return (sources, rows, problems)
    }

    /// What is wrong with one row, given the folded text of the files its list quotes from.
    static func problems(_ row: Row, quoted: [String: Folded], root: URL, grdb: URL, files: Files) -> [String] {
        var problems: [String] = []
        for piece in row.claim.components(separatedBy: " … ") {
            let wanted = folded(piece)
            if wanted.isEmpty || !quoted.values.contains(where: { $0.contains(wanted) }) {
                problems.append(
                    "\(row.list): the claim \"\(wanted)\" is not, word for word, in \(quoted.keys.sorted().joined(separator: ", ")): reworded? Update the row with the text."
                )
            }
        }
        let references = references(row.evidence)
        if references.isEmpty {
            problems.append(
                "\(row.list): no evidence (`test:…`, `golden:…`, `exp:…`, `grdb:…`, `src:…` or `sqlite:…` between backticks)"
            )
        }
        for reference in references {
            if let problem = problem(reference, root: root, grdb: grdb, files: files) {
                problems.append("\(row.list): `\(reference.kind):\(reference.value)`: \(problem)")
            }
        }
        if !["checked", "corrected", "new"].contains(where: { row.review.hasPrefix($0) }) {
            problems.append("\(row.list): the review is \"\(row.review)\", not checked, corrected: … or new")
        }
        return problems
    }

    /// The lists whose claims about behaviour must rest on behaviour: a test, an experiment or a tour's
    /// golden line, never a citation alone (docs/evidence/README.md, "Behaviour needs behaviour"). Every
    /// chapter's; not the README's (00).
    static func needsBehaviour(_ list: String) -> Bool {
        guard let number = Int(list.prefix(2)), list.dropFirst(2).hasPrefix("-") else { return false }
        return number >= 1
    }

    /// The review words that say a row states no behaviour: a definition (what something is, an API's
    /// shape, what a document says or advises), or a figure measured once, with its command.
    static let notBehaviour = ["(definition", "(measured"]

    /// nil when the row names a `test:`, `exp:` or `golden:`, or says in its review that it is no claim about
    /// behaviour.
    static func behaviourProblem(_ row: Row) -> String? {
        let shown = references(row.evidence).contains { ["test", "exp", "golden"].contains($0.kind) }
        if shown || notBehaviour.contains(where: { row.review.contains($0) }) { return nil }
        return
            "\(row.list): a claim about what SQLite or GRDB does needs a `test:`, `exp:` or `golden:` that makes it happen (a source or a page alone does not show it); a row that states a definition or one run's figures says so in its review: `checked (definition: …)`, `new (measured: …)`"
    }

    /// nil when the reference resolves.
    static func problem(_ reference: (kind: String, value: String), root: URL, grdb: URL, files: Files) -> String? {
        /// "path:snippet" → the file (under base) must contain the snippet, folded.
        func contains(_ base: URL, _ value: String, what: String) -> String? {
            let parts = value.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[1].isEmpty else { return "write it as \(what):PATH:SNIPPET" }
            guard let text = files.text(base.appendingPathComponent(parts[0])) else {
                return "no file \(base.appendingPathComponent(parts[0]).path)"
            }
            return text.contains(parts[1]) ? nil : "\(parts[0]) does not contain \"\(parts[1])\""
        }
        switch reference.kind {
        case "test":
            let parts = reference.value.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return "write it as test:TARGET/FILE.swift:FUNCTION" }
            return contains(root.appendingPathComponent("Tests"), "\(parts[0]):func \(parts[1])(", what: "test")
        case "golden": return contains(root.appendingPathComponent("Tests/Golden"), reference.value, what: "golden")
        case "src": return contains(root, reference.value, what: "src")
        case "grdb":
            guard FileManager.default.fileExists(atPath: grdb.path) else {
                return "no GRDB checkout at \(grdb.path): build first (make test does)"
            }
            return contains(grdb, reference.value, what: "grdb")
        case "exp":
            let path = root.appendingPathComponent("docs/evidence/experiments/\(reference.value)").path
            return FileManager.default.fileExists(atPath: path) ? nil : "no experiment \(path)"
        case "sqlite":
            let address = reference.value
            return address.hasPrefix("https://www.sqlite.org/") || address.hasPrefix("https://sqlite.org/")
                ? nil : "not an address on sqlite.org"
        default: return "unknown kind"
        }
    }

    // MARK: - Quotes of SQLite's documentation

    /// SQLite 3.40.1's documentation, offline: Debian's `sqlite3-doc` (scripts/ci-install.sh installs it,
    /// `make doctor` reports it; `SQLITE_DOCS` names another folder). The version the course links, so a
    /// later version's wording is caught.
    static let sqliteDocs = URL(
        fileURLWithPath: ProcessInfo.processInfo.environment["SQLITE_DOCS"] ?? "/usr/share/doc/sqlite3")
    static var sqliteDocsInstalled: Bool {
        FileManager.default.fileExists(atPath: sqliteDocs.appendingPathComponent("lang_transaction.html").path)
    }

    /// The quotes after a `sqlite:` reference, up to the next reference: each `"…"` (a `\"` inside is a
    /// quotation mark of the page's, `\\` a backslash). The review's own words between quotes are not quoted.
    static func quotes(after zone: String) -> [String] {
        var quotes: [String] = []
        var current: String?
        var rest = Substring(zone)
        while let character = rest.popFirst() {
            if character == "\\", let escaped = rest.first, escaped == "\"" || escaped == "\\" {
                rest.removeFirst()
                current?.append(escaped)
            } else if character == "\"" {
                if let quote = current {
                    quotes.append(quote)
                    current = nil
                } else {
                    current = ""
                }
            } else {
                current?.append(character)
            }
        }
        if let unclosed = current { quotes.append(unclosed) }
        return quotes
    }

    /// Block-level tags stand for a break between words (`<dt>SQLITE_BUSY</dt><dd>The…`); the others
    /// (`<b>`, `<a>`) sit inside a sentence.
    static let blockTags: Set<String> = [
        "p", "br", "dt", "dd", "dl", "li", "ul", "ol", "td", "th", "tr", "table", "div", "h1", "h2", "h3", "h4",
        "h5", "h6", "pre", "blockquote", "hr",
    ]
    static let entities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "ensp": " ", "mdash": "—",
        "rarr": "→", "lsqb": "[", "rsqb": "]",
    ]

    /// A page's words as a reader sees them: markup stripped, entities decoded (then folded by `Folded`).
    static func text(ofPage html: String) -> String {
        var text = ""
        text.reserveCapacity(html.utf8.count)
        var rest = Substring(html)
        while let special = rest.firstIndex(where: { $0 == "<" || $0 == "&" }) {
            text += rest[..<special]
            rest = rest[special...]
            if rest.first == "<" {
                guard let end = rest.firstIndex(of: ">") else { break }
                let name = rest.dropFirst().prefix { $0 == "/" || $0.isLetter || $0.isNumber }
                    .drop { $0 == "/" }.lowercased()
                rest = rest[rest.index(after: end)...]
                if name == "script" || name == "style", let close = rest.range(of: "</\(name)>") {
                    rest = rest[close.upperBound...]
                } else if blockTags.contains(name) {
                    text += " "
                }
            } else {
                let name = rest.dropFirst().prefix { $0 != ";" && $0 != " " && $0 != "<" }.prefix(10)
                let decoded: String? =
                    if name.hasPrefix("#x") {
                        UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
                    } else if name.hasPrefix("#") {
                        UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
                    } else { entities[String(name)] }
                if let decoded, rest.dropFirst(name.count + 1).first == ";" {
                    text += decoded
                    rest = rest.dropFirst(name.count + 2)
                } else {
                    text += "&"
                    rest = rest.dropFirst()
                }
            }
        }
        text += rest
        return text
    }

    /// What is wrong with the `sqlite:` quotes of one row: each piece of each quote (pieces joined by ` … `)
    /// must be, word for word, in that page of `docs` (the address's path; a `#fragment` ignored).
    /// Addresses of SQLite's source (`src/…`) have no page offline: `sourceCitations` counts them.
    static func quoteProblems(_ row: Row, docs: URL, pages: Files) -> (problems: [String], quotes: Int) {
        var problems: [String] = []
        var count = 0
        let parts = row.evidence.components(separatedBy: "`")
        for index in stride(from: 1, to: parts.count, by: 2) where parts[index].hasPrefix("sqlite:") {
            let address = String(parts[index].dropFirst("sqlite:".count))
            var path = address.replacingOccurrences(of: "https://www.sqlite.org/", with: "")
                .replacingOccurrences(of: "https://sqlite.org/", with: "")
            if let fragment = path.firstIndex(of: "#") { path = String(path[..<fragment]) }
            if path.hasPrefix("src/") { continue }
            let page = docs.appendingPathComponent(path)
            guard let text = pages.page(page) else {
                problems.append(
                    "\(row.list): `sqlite:\(address)`: no page \(page.path) in SQLite 3.40.1's documentation")
                continue
            }
            let zone = index + 1 < parts.count ? parts[index + 1] : ""
            for quote in quotes(after: zone) {
                count += 1
                if folded(quote).isEmpty {
                    problems.append(
                        "\(row.list): `sqlite:\(address)`: an empty quote \"\": a quotation mark inside a quote is written \\\""
                    )
                    continue
                }
                for piece in quote.components(separatedBy: " … ") where !text.contains(piece) {
                    problems.append(
                        "\(row.list): \"\(folded(piece))\" is not, word for word, in \(page.path) (SQLite 3.40.1): a paraphrase, or a later version's wording? Quote the page, or rest the claim on a test or an experiment."
                    )
                }
            }
        }
        return (problems, count)
    }

    /// Every `sqlite:` quote of every list, looked up in `docs`.
    static func checkQuotes(root: URL, docs: URL, including: (String) -> Bool = { _ in true }) throws -> (
        quotes: Int, problems: [String]
    ) {
        let folder = root.appendingPathComponent("docs/evidence")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".md") && $0 != "README.md" && including($0) }.sorted()
        let pages = Files()
        var quotes = 0
        var problems: [String] = []
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for row in parse(text, list: "docs/evidence/\(name)").rows {
                let found = quoteProblems(row, docs: docs, pages: pages)
                quotes += found.quotes
                problems += found.problems
            }
        }
        return (quotes, problems)
    }

    /// Every list under `root/docs/evidence`, and all that is wrong with them.
    static func check(root: URL, grdb: URL, including: (String) -> Bool = { _ in true }) throws -> (
        lists: [String], rows: Int, problems: [String]
    ) {
        let folder = root.appendingPathComponent("docs/evidence")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".md") && $0 != "README.md" && including($0) }.sorted()
        var rows = 0
        var problems: [String] = []
        let files = Files()
        for name in names {
            let list = "docs/evidence/\(name)"
            let parsed = parse(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8), list: list)
            problems += parsed.problems
            var quoted: [String: Folded] = [:]
            for source in parsed.sources {
                guard let text = try? String(contentsOf: root.appendingPathComponent(source), encoding: .utf8) else {
                    problems.append("\(list): quotes from \(source), which does not exist")
                    continue
                }
                quoted[source] = Folded(text)
            }
            rows += parsed.rows.count
            problems += parsed.rows.flatMap {
                Self.problems($0, quoted: quoted, root: root, grdb: grdb, files: files)
            }
            if needsBehaviour(name) { problems += parsed.rows.compactMap(behaviourProblem) }
        }
        return (names, rows, problems)
    }
}

@Suite struct EvidenceTests {
    /// Every list (a second of work: `--filter Evidence` checks them all); `make test-stepN` checks
    /// its chapter's with the chapter (DocsTests.Chapters).
    @Test func everyClaimIsQuotedWordForWordAndEveryPieceOfEvidenceExists() throws {
        let (lists, _, problems) = try EvidenceCheck.check(
            root: workspaceRoot, grdb: workspaceRoot.appendingPathComponent(".build/checkouts/GRDB.swift"))
        #expect(!lists.isEmpty, "no lists in docs/evidence")
        for problem in problems { Issue.record(Comment(rawValue: problem)) }
    }

    /// Each `sqlite:` quote, word for word, in that page of SQLite 3.40.1's documentation (the version
    /// the course links): a paraphrase in quotation marks, or a later version's wording, fails.
    @Test(
        .enabled(
            if: EvidenceCheck.sqliteDocsInstalled,
            "SQLite's documentation is not installed in \(EvidenceCheck.sqliteDocs.path): apt-get install -y sqlite3-doc (scripts/ci-install.sh installs it)"
        ))
    func everySQLiteQuoteIsInThatPageOfTheDocumentation() throws {
        let (quotes, problems) = try EvidenceCheck.checkQuotes(root: workspaceRoot, docs: EvidenceCheck.sqliteDocs)
        #expect(quotes > 200, "only \(quotes) quotes found in docs/evidence: is the quote syntax still read?")
        for problem in problems { Issue.record(Comment(rawValue: problem)) }
    }

    @Test func everyChapterHasAListAndEveryListAChapter() throws {
        let manager = FileManager.default
        let chapters = try manager.contentsOfDirectory(atPath: workspaceRoot.appendingPathComponent("docs").path)
            .filter { $0.first?.isNumber == true && $0.hasSuffix(".md") }
        let lists = try manager.contentsOfDirectory(
            atPath: workspaceRoot.appendingPathComponent("docs/evidence").path
        ).filter { $0.hasSuffix(".md") && $0 != "README.md" }
        #expect(chapters.count >= 11, "\(chapters)")
        for chapter in chapters {
            #expect(lists.contains(chapter), "docs/\(chapter) has no list of its claims in docs/evidence/\(chapter)")
        }
        // 00-readme.md holds README.md's, docs/README.md's and the appendix's claims.
        for list in lists where list != "00-readme.md" {
            #expect(chapters.contains(list), "docs/evidence/\(list) names no chapter of docs/")
        }
    }
}

/// The checker itself: each way a list can go wrong is caught.
@Suite struct EvidenceCheckTests {
    /// A scratch workspace: a chapter, a test, a golden file, an experiment, a GRDB file, and one list.
    static func check(_ rows: String, quotes: String = "Quotes from: `docs/01-a.md`", list: String = "01-a.md")
        throws -> [String]
    {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let files = [
            "docs/01-a.md": "SQLite waits in the busy\nhandler when the first statement writes.\n",
            "Tests/Step1Tests/A.swift": "@Test func handlerWaits() {}\n",
            "Tests/Golden/step1.txt": "   · B's busy handler ran 1 time\n",
            "docs/evidence/experiments/01-waits.py": "print('waited')\n",
            "GRDB/Core/Configuration.swift": "public var defaultTransactionKind: TransactionKind = .immediate\n",
            "docs/evidence/\(list)":
                "# Evidence\n\n\(quotes)\n\n| Claim | Evidence | Review |\n| --- | --- | --- |\n\(rows)\n",
        ]
        for (path, text) in files {
            let url = root.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return try EvidenceCheck.check(root: root.url, grdb: root.url).problems
    }

    @Test func rowsWhoseClaimsAndEvidenceResolveHaveNoProblem() throws {
        let rows = """
            | SQLite waits in the busy handler … the first statement writes | `test:Step1Tests/A.swift:handlerWaits` `exp:01-waits.py` | checked |
            | when the first \\| | `golden:step1.txt:busy handler ran 1 time` `sqlite:https://www.sqlite.org/c3ref/busy_handler.html` | new |
            | the busy handler | `grdb:GRDB/Core/Configuration.swift:defaultTransactionKind: TransactionKind = .immediate` | corrected: it said DEFERRED (definition: a default's value) |
            """
        let problems = try Self.check(rows)
        // The second row's claim has a pipe the chapter lacks: the only problem.
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.contains("the claim \"when the first |\" is not, word for word") == true)
    }

    @Test func aRewordedClaimIsCaught() throws {
        let problems = try Self.check("| SQLite always waits in the busy handler | `exp:01-waits.py` | checked |")
        #expect(problems.first?.contains("is not, word for word, in docs/01-a.md") == true, "\(problems)")
    }

    @Test func missingEvidenceOfEachKindIsCaught() throws {
        let cases = [
            "`test:Step1Tests/A.swift:handlerGivesUp`": "does not contain \"func handlerGivesUp(\"",
            "`golden:step1.txt:ran 2 times`": "does not contain \"ran 2 times\"",
            "`exp:01-gives-up.py`": "no experiment",
            "`grdb:GRDB/Core/Configuration.swift:.deferred`": "does not contain \".deferred\"",
            "`src:Sources/None.swift:x`": "no file",
            "`sqlite:https://example.com/busy`": "not an address on sqlite.org",
            "no reference at all": "no evidence",
        ]
        for (evidence, expected) in cases {
            let problems = try Self.check("| SQLite waits in the busy handler | \(evidence) | checked (definition) |")
            #expect(problems.count == 1 && problems.first?.contains(expected) == true, "\(evidence): \(problems)")
        }
    }

    /// A chapter's claim about behaviour rests on a test, an experiment or a golden line: a citation of GRDB's
    /// source or of SQLite's pages alone is caught, unless the review says the row is a definition or a
    /// measurement. The README's list (00) is not a chapter's.
    @Test func aClaimAboutBehaviourThatRestsOnACitationAloneIsCaught() throws {
        let grdb = "`grdb:GRDB/Core/Configuration.swift:defaultTransactionKind: TransactionKind = .immediate`"
        let page = "`sqlite:https://www.sqlite.org/c3ref/busy_handler.html`"
        for (evidence, review) in [
            (grdb, "checked"), (page, "corrected: it said DEFERRED"), ("\(grdb) \(page)", "new"),
        ] {
            let problems = try Self.check("| SQLite waits in the busy handler | \(evidence) | \(review) |")
            #expect(
                problems.count == 1 && problems.first?.contains("needs a `test:`, `exp:` or `golden:`") == true,
                "\(evidence) \(review): \(problems)")
        }
        let shown = [
            "| SQLite waits in the busy handler | \(grdb) `test:Step1Tests/A.swift:handlerWaits` | checked |",
            "| SQLite waits in the busy handler | \(page) `exp:01-waits.py` | checked |",
            "| SQLite waits in the busy handler | `golden:step1.txt:busy handler ran 1 time` | checked |",
            "| SQLite waits in the busy handler | \(grdb) | checked (definition: a default's value) |",
            "| SQLite waits in the busy handler | \(page) | new (measured: one run) |",
        ]
        for row in shown { #expect(try Self.check(row).isEmpty, "\(row)") }
        #expect(try Self.check("| SQLite waits in the busy handler | \(grdb) | checked |", list: "00-a.md").isEmpty)
    }

    @Test func aBadReviewARowOfTwoCellsAndAMissingQuotesLineAreCaught() throws {
        #expect(try Self.check("| SQLite waits | `exp:01-waits.py` | fine |").first?.contains("the review is") == true)
        #expect(try Self.check("| SQLite waits | `exp:01-waits.py` |").first?.contains("needs 3 cells") == true)
        let noQuotes = try Self.check("| SQLite waits | `exp:01-waits.py` | checked |", quotes: "")
        #expect(noQuotes.contains { $0.contains("no `Quotes from:` line") }, "\(noQuotes)")
    }
}

/// The quote check itself, on a page of its own: a quote found, a paraphrase, a later wording, a piece
/// after ` … ` and a missing page are each told apart.
@Suite struct SQLiteQuoteCheckTests {
    static func problems(_ evidence: String) throws -> [String] {
        let docs = try TemporaryDirectory()
        defer { docs.remove() }
        let page = """
            <html><head><style>p { color: red }</style></head><body>
            <dl><dt><b>SQLITE_STMTSTATUS_SORT</b></dt><dd>This is the number of sort
              operations that have&nbsp;occurred.</dd></dl>
            <p>IMMEDIATE cause the database connection to start a new write immediately,
            without waiting for a <a href="x.html">write statement</a>. Table names that begin with
            "sqlite_" are reserved &amp; kept.</p></body></html>
            """
        try FileManager.default.createDirectory(atPath: docs.file("c3ref"), withIntermediateDirectories: true)
        try page.write(toFile: docs.file("c3ref/page.html"), atomically: true, encoding: .utf8)
        let row = EvidenceCheck.Row(list: "list.md:3", claim: "", evidence: evidence, review: "checked")
        return EvidenceCheck.quoteProblems(row, docs: docs.url, pages: EvidenceCheck.Files()).problems
    }

    @Test func aQuoteAcrossMarkupEntitiesAndLineBreaksIsFound() throws {
        let found = try Self.problems(
            #"`sqlite:https://www.sqlite.org/c3ref/page.html#sort` "SQLITE_STMTSTATUS_SORT This is the number of sort operations that have occurred." … "IMMEDIATE cause the database connection … write statement" "Table names that begin with \"sqlite_\" are reserved & kept." (our words) `exp:x.py`"#
        )
        #expect(found.isEmpty, "\(found)")
    }

    @Test func aParaphraseALaterWordingAndOneBadPieceAreEachCaught() throws {
        let cases = [
            #""SQLITE_STMTSTATUS_SORT: This is the number of sort operations""#: "SQLITE_STMTSTATUS_SORT: This",
            #""IMMEDIATE causes the database connection""#: "IMMEDIATE causes the database",
            #""IMMEDIATE cause … without waiting for a read""#: "\"without waiting for a read\" is not",
        ]
        for (quote, expected) in cases {
            let found = try Self.problems("`sqlite:https://www.sqlite.org/c3ref/page.html` \(quote)")
            #expect(found.count == 1 && found.first?.contains(expected) == true, "\(quote): \(found)")
        }
        let noPage = try Self.problems(#"`sqlite:https://www.sqlite.org/lang_none.html` "anything""#)
        #expect(noPage.first?.contains("no page") == true, "\(noPage)")
        // A quotation mark of the page's left unescaped ends the quote early: the rest is an empty one.
        let unescaped = try Self.problems(
            #"`sqlite:https://www.sqlite.org/c3ref/page.html` "Table names that begin with "sqlite_""#)
        #expect(unescaped.contains { $0.contains("an empty quote") }, "\(unescaped)")
    }
}
