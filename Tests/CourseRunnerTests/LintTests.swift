import Foundation
import Testing

@testable import CourseRunner

/// The repository's root (this file is Tests/CourseRunnerTests/LintTests.swift).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A scratch folder inside .build (nothing in /tmp), deleted by the caller.
func scratchFolder(_ name: String) throws -> URL {
    let url = repositoryRoot.appendingPathComponent(".build/course-tests/\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func write(_ text: String, to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
}

@Suite struct LintTests {
    @Test func theRepositoryIsConsistent() throws {
        let checkout = Checkout(root: repositoryRoot)
        let manifest = try Manifest.load(root: repositoryRoot)
        #expect(Lint(checkout: checkout, manifest: manifest).problems() == [])
        // The issues' floor: at least 3 exercises per step, 27 in all, every kind used.
        #expect(manifest.exercises.count >= 27)
        // The steps the chapters name are the steps the package builds: Steps/step1, Steps/step2, …
        let steps = Lint.steps(root: repositoryRoot)
        let folders = try FileManager.default.contentsOfDirectory(
            atPath: repositoryRoot.appendingPathComponent("Steps").path)
        #expect(steps == folders.compactMap { $0.hasPrefix("step") ? Int($0.dropFirst(4)) : nil }.sorted())
        #expect(steps.first == 1 && steps == Array(1...(steps.last ?? 0)), "the steps: \(steps)")
        for step in steps { #expect(manifest.exercises.filter { $0.step == step }.count >= 3, "step \(step)") }
        #expect(Set(manifest.exercises.map(\.kind)) == Set(Exercise.Kind.allCases))
    }

    /// A tiny checkout with one of each mistake: every one is reported.
    @Test func disagreementsAreReported() throws {
        let root = try scratchFolder("lint")
        defer { try? FileManager.default.removeItem(at: root) }
        let manifest = """
            {"exercises": [{"id": "s1-demo", "kind": "write", "step": 1, "section": "docs/01-demo.md#nowhere",
              "file": "Demo.swift", "task": "Do it.", "hints": ["one", "two"],
              "starter": {"stage": "check", "says": "expected"},
              "mistakes": [{"name": "listed", "says": "a rule"}]},
             {"id": "s3-beyond", "kind": "write", "step": 3, "section": "docs/01-demo.md#nowhere",
              "file": "Demo.swift", "task": "Do it.", "hints": ["one", "  ", "three"],
              "starter": {"stage": "check", "says": "expected"}, "mistakes": []}]}
            """
        try write(manifest, to: root.appendingPathComponent("Exercises/manifest.json"))
        try write("let x = 1\n", to: root.appendingPathComponent("Exercises/s1-demo/Demo.swift"))
        try write("let x = 2\n", to: root.appendingPathComponent("Exercises/s1-orphan/Orphan.swift"))
        try write("# Step 1 · Demo\n\n## Something\n", to: root.appendingPathComponent("docs/01-demo.md"))
        try write("let x = 3\n", to: root.appendingPathComponent("Checks/s1-demo/mistakes/unlisted/Demo.swift"))
        // A chapter that is not a step's (as chapter 12): exercises of its number are refused too.
        try write("# Chapter 3 · Notes\n", to: root.appendingPathComponent("docs/03-notes.md"))
        let checkout = Checkout(root: root)
        let problems = Lint(checkout: checkout, manifest: try Manifest.load(root: root)).problems()
        let expected = [
            "s1-demo: needs three hints, from gentle to explicit (has 2)",
            "s1-demo: Solutions/s1-demo/ is missing (a reference solution)",
            "s1-demo: Checks/s1-demo/main.swift is missing",
            "s1-demo: Checks/s1-demo/mistakes/listed/Demo.swift is missing",
            "s1-demo: Checks/s1-demo/mistakes/unlisted: not in the manifest's mistakes",
            "s1-demo: needs at least 1 alternatives (Checks/s1-demo/alternatives/<name>/)",
            "s1-demo: docs/01-demo.md has no section #nowhere",
            "Exercises/s1-orphan: not in Exercises/manifest.json (add it, or delete the orphan)",
            "docs/01-demo.md: no \"## Exercises\" section listing s1-demo",
            "s3-beyond: step 3 is not a step of the course (no chapter docs/03-….md titled \"# Step 3 ·\")",
            "s3-beyond: needs three hints, from gentle to explicit (has 2)",  // one of them only blanks
        ]
        for line in expected { #expect(problems.contains(line), "missing: \(line)\nall: \(problems)") }
    }

    /// What the scaffold leaves unfinished, words that prove nothing, and a chapter row that says other
    /// than the manifest: each reported, and a placeholder only where `includingUnfinished` asks.
    @Test func unfinishedWordsAndAStaleRowAreReported() throws {
        let root = try scratchFolder("lint-words")
        defer { try? FileManager.default.removeItem(at: root) }
        let manifest = """
            {"exercises": [{"id": "s1-demo", "kind": "write", "step": 1, "section": "docs/01-demo.md#reading",
              "file": "Demo.swift", "task": "TODO (instructor): the task.", "hints": ["one", "two", "three"],
              "starter": {"stage": "check", "says": "Expected "},
              "mistakes": [{"name": "wrong", "says": "got"}], "alternatives": [{"name": "other"}]}]}
            """
        try write(manifest, to: root.appendingPathComponent("Exercises/manifest.json"))
        for folder in ["Exercises", "Solutions", "Checks/s1-demo/mistakes/wrong", "Checks/s1-demo/alternatives/other"] {
            try write(
                "let x = 1\n",
                to: root.appendingPathComponent("\(folder)/\(folder.hasPrefix("Checks") ? "" : "s1-demo/")Demo.swift"))
        }
        try write("// TODO (instructor): the check.\n", to: root.appendingPathComponent("Checks/s1-demo/main.swift"))
        try write(
            "# Step 1 · Demo\n\n## Reading\n\n## Writing\n\n## Exercises\n\n| Exercise | Kind | Practises | Task |\n"
                + "| --- | --- | --- | --- |\n"
                + "| [s1-demo](../Exercises/s1-demo/Demo.swift) | write the code | [Writing](#writing) | Another task. |\n",
            to: root.appendingPathComponent("docs/01-demo.md"))
        let lint = Lint(checkout: Checkout(root: root), manifest: try Manifest.load(root: root))
        let words = [
            "s1-demo: the starter's says \"Expected \" is in every failure: give the words of the rule it breaks",
            "s1-demo: wrong's says \"got\" is in every failure: give the words of the rule it breaks",
            "docs/01-demo.md: s1-demo's row must link (#reading), the manifest's section",
            "docs/01-demo.md: s1-demo's row must end with the manifest's task: TODO (instructor): the task.",
        ]
        let unfinished = [
            "s1-demo: the manifest still says \"TODO (instructor)\": write the task and the hints",
            "s1-demo: Checks/s1-demo/main.swift still says \"TODO (instructor)\"",
        ]
        #expect(
            lint.problems().filter { words.contains($0) || unfinished.contains($0) }.sorted()
                == (words + unfinished).sorted())
        #expect(lint.problems(includingUnfinished: false).filter { unfinished.contains($0) } == [])
    }

    /// A check that declares no edge, one whose class is unknown, and one that names a mistake the manifest
    /// does not list: each reported, naming the file; a well-formed declaration is read whole.
    @Test func edgesAreDeclaredBesideTheCasesAndNameAKnownMistake() throws {
        let root = try scratchFolder("lint-edges")
        defer { try? FileManager.default.removeItem(at: root) }
        let entry = { (id: String) in
            """
            {"id": "\(id)", "kind": "sql", "step": 1, "section": "docs/01-demo.md#reading", "file": "query.sql",
             "task": "Do it.", "hints": ["one", "two", "three"], "starter": {"stage": "check", "says": "a rule"},
             "mistakes": [{"name": "split-on-space", "says": "a rule"}], "alternatives": [{"name": "other"}]}
            """
        }
        try write(
            "{\"exercises\": [\(entry("s1-bare")), \(entry("s1-wrong")), \(entry("s1-good"))]}",
            to: root.appendingPathComponent("Exercises/manifest.json"))
        try write("runQueryCheck()\n", to: root.appendingPathComponent("Checks/s1-bare/main.swift"))
        try write(
            "// edge(sideways, split-on-space): a tab\n// edge(whitespace, split-at-tab): a tab\nrunQueryCheck()\n",
            to: root.appendingPathComponent("Checks/s1-wrong/main.swift"))
        let good = "  // edge(whitespace, split-on-space): a tab, a line break (LF and CRLF) between two words\n"
        try write(good + "runQueryCheck()\n", to: root.appendingPathComponent("Checks/s1-good/main.swift"))
        let problems = Lint(checkout: Checkout(root: root), manifest: try Manifest.load(root: root)).problems()
            .filter { $0.contains("edge") }
        let classes = Edge.Kind.allCases.map(\.rawValue).joined(separator: ", ")
        #expect(
            problems == [
                "s1-bare: Checks/s1-bare/main.swift declares no edge: write `// edge(<class>, <mistake>): "
                    + "<what the case holds>` beside the case that holds it (classes: \(classes))",
                "s1-wrong: Checks/s1-wrong/main.swift: cannot read \"// edge(sideways, split-on-space): a tab\": "
                    + "write `// edge(<class>, <mistake>): <what the case holds>`, the class one of \(classes)",
                "s1-wrong: Checks/s1-wrong/main.swift: edge(whitespace, split-at-tab) names no mistake of the "
                    + "manifest: add Checks/s1-wrong/mistakes/split-at-tab, the answer that misses that edge",
            ], "\(problems)")
        #expect(
            Edge.declared(in: good).edges == [
                Edge(
                    kind: .whitespace, mistake: "split-on-space",
                    cases: "a tab, a line break (LF and CRLF) between two words")
            ])
    }

    /// Every exercise of the course declares its edges, and each names one of its own mistakes (lint says
    /// which do not); the classes the issue asks for are each held by at least one exercise.
    @Test func theCourseDeclaresItsEdges() throws {
        let manifest = try Manifest.load(root: repositoryRoot)
        var held = Set<Edge.Kind>()
        for exercise in manifest.exercises {
            let edges = Edge.declared(for: exercise, root: repositoryRoot).edges
            #expect(!edges.isEmpty, "\(exercise.id) declares no edge")
            held.formUnion(edges.map(\.kind))
        }
        for kind in [Edge.Kind.whitespace, .escape, .domain, .columnNames, .addedColumn, .containedIds] {
            #expect(held.contains(kind), "no exercise holds a \(kind.rawValue) edge")
        }
    }

    @Test func anchorsFollowGitHub() {
        #expect(
            Lint.anchor("## ON DELETE: what should happen to Blob when the Lions go?")
                == "on-delete-what-should-happen-to-blob-when-the-lions-go")
        #expect(Lint.anchor("## GRDB's DatabaseQueue") == "grdbs-databasequeue")
        #expect(Lint.anchor("## Statements without values: `sqlite3_exec`") == "statements-without-values-sqlite3_exec")
    }
}
