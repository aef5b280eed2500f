import Foundation
import Testing

@testable import CourseRunner

extension BuildStage.SharedChecks {
    /// An exercise that does not compile breaks nothing else. On a scratch copy of
    /// the committed Exercises/ (never the learner's working files, which may be
    /// solved or broken), one exercise is broken on purpose; with that broken
    /// exercise in the package graph, the check of another exercise still builds
    /// and runs, and only the broken exercise's own build reports the compiler
    /// error, naming the learner's file. With COURSE_EXERCISES=none (what the
    /// Makefile exports) the package has no exercise target at all, which is why
    /// `make test`, `make stepN` and CI never compile a learner's file; by default
    /// (an editor, Xcode) every exercise is a target; and no step depends on one.
    ///
    /// `swift test` holds the lock on .build, so these builds use a scratch path of
    /// their own (.build/isolation) and only GRDB-free exercises: the first run
    /// compiles SQLite's module and the check support (seconds), later runs reuse it.
    @Suite struct IsolationTests {
        let scratchPath = repositoryRoot.appendingPathComponent(".build/isolation").path

        func swift(_ arguments: [String], environment: [String: String] = [:]) -> Shell.Result {
            Shell.run(
                [ProcessInfo.processInfo.environment["SWIFT"] ?? "swift"] + arguments
                    + ["--scratch-path", scratchPath, "--disable-build-manifest-caching"],
                in: repositoryRoot, environment: environment)
        }

        /// The package as SwiftPM sees it with this environment: target name → its dependencies' names.
        func targets(_ environment: [String: String]) throws -> [String: [String]] {
            let targets = try dumpPackage(environment)["targets"] as? [[String: Any]] ?? []
            return Dictionary(
                uniqueKeysWithValues: targets.map { target in
                    let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                        (dependency.values.first as? [Any])?.first as? String
                    }
                    return (target["name"] as? String ?? "?", dependencies)
                })
        }

        @Test func aBrokenExerciseBreaksOnlyItself() throws {
            let manifest = try Manifest.load(root: repositoryRoot)
            let broken = try manifest.exercise("s1-read-nulls")
            let other = try manifest.exercise("s1-finalize")
            let folder = ".build/course-tests/isolation"
            let scratch = repositoryRoot.appendingPathComponent(folder)
            try? FileManager.default.removeItem(at: scratch)
            try FileManager.default.createDirectory(
                at: scratch.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Checkout(root: repositoryRoot).copyCommittedExercises(to: scratch)
            defer { try? FileManager.default.removeItem(at: scratch) }
            let learnerFile = Checkout(root: repositoryRoot).learnerFile(broken)
            let before = try Data(contentsOf: learnerFile)
            try write(
                "func readScores(_ db: OpaquePointer) -> {\n",
                to: scratch.appendingPathComponent("\(broken.id)/\(broken.file)"))
            let both = Checker.environment([broken, other], folder: folder)

            let brokenBuild = swift(["build", "--product", "check-\(broken.id)"], environment: both)
            #expect(brokenBuild.status != 0, "the broken exercise should not compile")
            #expect(
                brokenBuild.output.contains("\(broken.file):1:"),
                "the error names the learner's file:\n\(brokenBuild.output)")

            let otherBuild = swift(["build", "--product", "check-\(other.id)"], environment: both)
            #expect(otherBuild.status == 0, "another exercise's check still builds:\n\(otherBuild.output)")
            let result = Shell.run(
                [scratchPath + "/debug/check-\(other.id)"], in: repositoryRoot,
                environment: ["COURSE_EXERCISE_DIR": scratch.appendingPathComponent(other.id).path])
            #expect(
                result.status == 1 && result.output.contains(other.starter.says),
                "and its check runs, failing as its untouched starter should:\n\(result.output)")

            // make's COURSE_EXERCISES=none: no exercise target. With some or all: no step, test or core target depends on one.
            let plain = try targets(["COURSE_EXERCISES": "none"])
            #expect(
                plain["step1"] != nil && plain.keys.allSatisfy { !$0.hasPrefix("check-") && !$0.hasPrefix("Exercise_") }
            )
            for environment in [both, ["COURSE_EXERCISES": "all"]] {
                let withExercises = try targets(environment)
                #expect(withExercises["check-\(broken.id)"] != nil)
                for (name, dependencies) in withExercises where !name.hasPrefix("check-") {
                    #expect(
                        dependencies.allSatisfy { !$0.hasPrefix("Exercise_") && !$0.hasPrefix("check-") }, "\(name)")
                }
            }
            #expect(try Data(contentsOf: learnerFile) == before, "the learner's own file is untouched")
        }

        /// What an editor or Xcode reads (no variable set): every exercise of the manifest is
        /// a target, in the manifest's order, its learner's folder a module (SQL exercises
        /// have none) with the C API and, from step 2, GRDB; each check compiles its
        /// main.swift only (never Checks/<id>/mistakes or alternatives). Package.swift's
        /// list (generated from Exercises/manifest.json: make ex ARGS="update-package") and the manifest agree.
        @Test func everyExerciseIsATargetByDefault() throws {
            let manifest = try Manifest.load(root: repositoryRoot)
            let package = try dumpPackage([:], unsetting: ["COURSE_EXERCISES", "COURSE_EXERCISE_ROOT"])
            let targets = package["targets"] as? [[String: Any]] ?? []
            let checks = targets.compactMap { $0["name"] as? String }.filter { $0.hasPrefix("check-") }
            #expect(checks == manifest.exercises.map { "check-\($0.id)" }, "Package.swift's courseExercises")
            for exercise in manifest.exercises {
                let module = "Exercise_" + exercise.id.replacingOccurrences(of: "-", with: "_")
                let target = targets.first { $0["name"] as? String == module }
                #expect((target != nil) == exercise.hasModule, "\(module): a module exactly when it has Swift code")
                if let target {
                    #expect(target["path"] as? String == "Exercises/\(exercise.id)")
                    let dependencies = "\(target["dependencies"] ?? "")"
                    #expect(dependencies.contains("CSQLite") && dependencies.contains("GRDB") == (exercise.step > 1))
                    #expect(target["exclude"] as? [String] == (exercise.kind == .predict ? ["prediction.txt"] : []))
                }
                let check = targets.first { $0["name"] as? String == "check-\(exercise.id)" }
                #expect(check?["sources"] as? [String] == ["main.swift"], "check-\(exercise.id)")
                // A SQL exercise's check runs query.sql on the C API: its first build never compiles GRDB.
                #expect(
                    "\(check?["dependencies"] ?? "")".contains("GRDB") == (exercise.step > 1 && exercise.hasModule),
                    "check-\(exercise.id)")
            }
        }

        /// A first check that compiles GRDB says so and shows swift build's progress as it
        /// comes: an empty build folder has no GRDB and no check (whatever `make ex` built
        /// before in .build/isolation), the suite's .build has GRDB (make test built it).
        @Test func aFirstBuildOfGRDBIsAnnounced() throws {
            let manifest = try Manifest.load(root: repositoryRoot)
            var checker = Checker(checkout: Checkout(root: repositoryRoot))
            let empty = try scratchFolder("no-build")
            defer { try? FileManager.default.removeItem(at: empty) }
            checker.scratchPath = empty
            #expect(!checker.isGRDBBuilt)
            let grdbExercise = try manifest.exercise("s2-write-rollback")
            let cExercise = try manifest.exercise("s1-read-nulls")
            #expect(checker.firstBuildNotice(grdbExercise)?.contains("compiles GRDB") == true)
            #expect(checker.firstBuildNotice(cExercise) == nil, "step 1: the C API alone")
            #expect(checker.firstBuildNotice(try manifest.exercise("s3-team-sizes")) == nil, "SQL: the C API alone")
            // verify's batch build of checks none of which is built yet says so, and whether GRDB comes first.
            #expect(
                checker.firstBuildNotice([try manifest.exercise("s3-team-sizes")])
                    == "Building s3-team-sizes's check for the first time (no GRDB: seconds)...")
            #expect(
                checker.firstBuildNotice([try manifest.exercise("s3-team-sizes"), grdbExercise])
                    == "Building 2 exercises' checks for the first time: it compiles GRDB (about a minute here)...")
            checker.scratchPath = repositoryRoot.appendingPathComponent(".build")
            #expect(checker.isGRDBBuilt && checker.firstBuildNotice(grdbExercise) == nil)

            // Lines reach the caller while the program still runs: the program prints its second
            // line only once the caller has seen the first (it waits for the file the caller writes).
            let folder = try scratchFolder("stream")
            defer { try? FileManager.default.removeItem(at: folder) }
            let flag = folder.appendingPathComponent("seen").path
            let script = """
                echo '[1/2] Compiling'
                i=0; while [ ! -e "$1" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i+1)); done
                if [ -e "$1" ]; then echo '[2/2] streamed'; else echo 'not streamed'; fi
                """
            let run = Shell.run(
                ["sh", "-c", script, "sh", flag], in: repositoryRoot,
                onLine: { line in
                    if line.hasPrefix("[1/2]") { _ = FileManager.default.createFile(atPath: flag, contents: nil) }
                })
            #expect(run.output == "[1/2] Compiling\n[2/2] streamed\n")
        }

        /// Without make, nothing sets TMPDIR: the runner gives its `swift build` a folder inside its
        /// scratch path (always the same: SwiftPM's caches key on it) and deletes it afterwards, so
        /// `.build/debug/course check ID` leaves no /tmp/TemporaryDirectory.* behind.
        /// The build goes through a script that notes the TMPDIR it was given and what
        /// the real `swift build` left in it. It builds s1-read-nulls's check from its
        /// solution: no other suite runs that check, while PracticeLoopTests (before or
        /// after this test, BuildStage.SharedChecks) builds and runs s1-finalize's from its
        /// starter in the same .build/isolation, which a solution linked there would make pass.
        @Test func theRunnersBuildsKeepTheirTemporaryFilesInsideBuild() throws {
            let manifest = try Manifest.load(root: repositoryRoot)
            let exercise = try manifest.exercise("s1-read-nulls")
            let folder = try scratchFolder("tmpdir")
            defer { try? FileManager.default.removeItem(at: folder) }
            let log = folder.appendingPathComponent("log")
            let script = folder.appendingPathComponent("swift")
            try write(
                """
                #!/bin/sh
                echo "$TMPDIR" >"\(log.path)"
                "\(ProcessInfo.processInfo.environment["SWIFT"] ?? "swift")" "$@"
                status=$?
                ls -A "$TMPDIR" >>"\(log.path)"
                exit $status
                """, to: script)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            var checker = Checker(checkout: Checkout(root: repositoryRoot))
            checker.swift = script.path
            checker.scratchPath = URL(fileURLWithPath: scratchPath)
            checker.progress = nil
            try? FileManager.default.removeItem(at: checker.stamp(exercise))  // so that it builds
            let result = checker.check(exercise, folder: "Solutions")
            #expect(result.passed, "\(result.message)")
            let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
            let temporary = try #require(lines.first)
            #expect(temporary == scratchPath + "/course/tmp")
            #expect(lines.dropFirst().contains { $0.hasPrefix("TemporaryDirectory.") }, "swift build used it: \(lines)")
            #expect(!FileManager.default.fileExists(atPath: temporary), "and the runner deleted it")
        }
    }
}
