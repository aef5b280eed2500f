import CourseTestSupport
import Foundation
import Testing

/// CI runs the same commands on Linux and on macOS. `.ci/steps` lists them (a command that runs on
/// Linux only is marked `linux-only:`, with its reason after ` # `), `.ci/run` runs the platform's
/// install step and then those commands, and both jobs of `.github/workflows/ci.yml` run `.ci/run`.
@Suite struct WorkflowTests {
    // MARK: - .ci/steps

    /// One command of `.ci/steps`, and why it runs on Linux only (nil: it runs everywhere).
    struct Step {
        var command: String
        var linuxOnlyReason: String?
    }

    /// The commands of `.ci/steps`, in order: blank lines and `#` lines skipped, ` # ` starts a comment.
    static func steps() throws -> [Step] {
        let text = try String(contentsOf: workspaceRoot.appendingPathComponent(".ci/steps"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let parts = line.split(separator: " # ", maxSplits: 1)
            let command = parts[0].trimmingCharacters(in: .whitespaces)
            let comment = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
            guard command.hasPrefix("linux-only: ") else { return Step(command: command, linuxOnlyReason: nil) }
            return Step(command: String(command.dropFirst("linux-only: ".count)), linuxOnlyReason: comment)
        }
    }

    @Test func everyLinuxOnlyCommandSaysWhy() throws {
        let steps = try Self.steps()
        #expect(steps.contains { $0.command == "make test" && $0.linuxOnlyReason == nil })
        for step in steps {
            if let reason = step.linuxOnlyReason {
                #expect(reason.count >= 20, "linux-only: \(step.command) needs its reason after ' # '")
            }
        }
    }

    /// `.ci/run --list` (what it would run, running nothing): every command on Linux; on macOS, every
    /// command but the Linux-only ones, each skipped with its reason.
    @Test(arguments: ["Linux", "Darwin"])
    func ciRunRunsEveryCommandAndSkipsOnlyTheLinuxOnlyOnesElsewhere(os: String) throws {
        let result = try runTool(
            [workspaceRoot.appendingPathComponent(".ci/run").path, "--list"], environment: ["COURSE_OS": os])
        #expect(result.status == 0, "\(result.stdout)")
        let expected = try Self.steps().map { step in
            if os != "Linux", let reason = step.linuxOnlyReason {
                return "skip: \(step.command) (Linux only: \(reason))"
            }
            return "run: \(step.command)"
        }
        #expect(result.stdout.split(separator: "\n").map(String.init) == expected)
    }

    /// A `linux-only:` line without a reason stops `.ci/run` before it runs anything.
    @Test func ciRunRefusesALinuxOnlyCommandWithoutItsReason() throws {
        let copy = try TemporaryDirectory()
        defer { copy.remove() }
        try FileManager.default.createDirectory(atPath: copy.file(".ci"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: workspaceRoot.appendingPathComponent(".ci/run").path, toPath: copy.file(".ci/run"))
        try "make doctor\nlinux-only: make lint\n".write(
            toFile: copy.file(".ci/steps"), atomically: true, encoding: .utf8)
        let result = try runTool([copy.file(".ci/run"), "--list"], environment: ["COURSE_OS": "Darwin"])
        #expect(result.status == 1)
        #expect(result.stdout.contains(".ci/steps: linux-only needs its reason after ' # ': linux-only: make lint"))
    }

    /// `.ci/run` runs nothing of its own beyond the install step: every command is in `.ci/steps`.
    @Test func ciRunNamesNoCommandOfItsOwn() throws {
        let script = try String(contentsOf: workspaceRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
        let code = script.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
        for step in try Self.steps() {
            #expect(!code.contains { $0.contains(step.command) }, ".ci/run runs \(step.command) itself")
        }
        #expect(code.contains { $0.contains("scripts/ci-install.sh") })
    }

    // MARK: - .github/workflows/ci.yml

    /// The workflow's jobs: each job's id and the lines indented under it (a reading of this one
    /// file's layout, two spaces a level, not a YAML parser: actionlint checks the syntax).
    static func jobs() throws -> [String: [String]] {
        let text = try String(
            contentsOf: workspaceRoot.appendingPathComponent(".github/workflows/ci.yml"), encoding: .utf8)
        var jobs: [String: [String]] = [:]
        var job: String?
        var inJobs = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) {
            if !line.hasPrefix(" ") && !line.hasPrefix("#") {
                inJobs = line == "jobs:"
                job = nil
            } else if inJobs, let match = line.wholeMatch(of: #/  ([A-Za-z0-9_-]+):/#) {
                job = String(match.1)
                jobs[String(match.1)] = []
            } else if let job {
                jobs[job, default: []].append(line.trimmingCharacters(in: .whitespaces))
            }
        }
        return jobs
    }

    /// The values of `key:` in a job's lines (`- run: .ci/run` counts as `run`).
    static func values(_ key: String, in lines: [String]) -> [String] {
        lines.compactMap { line in
            let entry = line.hasPrefix("- ") ? String(line.dropFirst(2)) : line
            guard entry.hasPrefix(key + ":") else { return nil }
            return entry.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces)
        }
    }

    /// Both jobs run `.ci/run` and no command of their own, so every command of `.ci/steps` runs in both
    /// (but the Linux-only ones, which `.ci/run` skips on macOS: the test above).
    @Test func bothJobsRunCIRunAndNothingElse() throws {
        let jobs = try Self.jobs()
        #expect(jobs.keys.sorted() == ["linux", "macos"])
        for (name, lines) in jobs {
            #expect(Self.values("run", in: lines) == [".ci/run"], "job \(name)")
            #expect(Self.values("timeout-minutes", in: lines).count == 1, "job \(name) has a timeout")
            #expect(Self.values("key", in: lines).contains { $0.contains("hashFiles('Package.swift')") }, "job \(name)")
            #expect(Self.values("path", in: lines) == [".build"], "job \(name) caches .build")
        }
        let linux = jobs["linux", default: []]
        let macos = jobs["macos", default: []]
        #expect(Self.values("container", in: linux) == ["swift:6.3"], "the official Swift image, as developed here")
        #expect(Self.values("runs-on", in: macos).allSatisfy { $0.hasPrefix("macos-") })
        #expect(Self.values("runs-on", in: macos).count == 1)
        #expect(Self.values("container", in: macos).isEmpty, "macOS runs on the runner itself, with its Xcode")
    }

    // MARK: - The install step

    /// On macOS the install step installs nothing: Xcode's SDK (here a stand-in `xcrun` that names a
    /// folder holding sqlite3.h) brings what the commands need; without it, it stops and says so.
    @Test func onMacOSTheInstallStepNeedsOnlyXcodesSDK() throws {
        let mac = try SimulatedMac()
        defer { mac.remove() }
        let script = workspaceRoot.appendingPathComponent("scripts/ci-install.sh").path
        let withSDK = try runTool(["bash", script], environment: ["COURSE_OS": "Darwin", "PATH": mac.path])
        #expect(withSDK.status == 0, "\(withSDK.stdout)")
        #expect(withSDK.stdout.contains("nothing to install"))
        let noSDK = try SimulatedMac(withSDK: false)
        defer { noSDK.remove() }
        let withoutSDK = try runTool(["bash", script], environment: ["COURSE_OS": "Darwin", "PATH": noSDK.path])
        #expect(withoutSDK.status == 1)
        #expect(withoutSDK.stdout.contains("xcode-select --install"))
    }

    /// On Linux it installs with apt-get what is missing: here `make` (the Swift image has none) and
    /// SQLite's documentation (`SQLITE_DOCS` names an empty place), with `apt-get` a stand-in that logs
    /// its arguments and a PATH that holds no `make`.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/include/sqlite3.h")))
    func onLinuxTheInstallStepInstallsWhatIsMissing() throws {
        let stubs = try TemporaryDirectory()
        defer { stubs.remove() }
        let log = stubs.file("apt.log")
        try executable(stubs.file("apt-get"), "#!/bin/sh\necho \"apt-get $*\" >> '\(log)'\n")
        // What the script itself uses, and the tools it looks for, but make (python3: the interpreter
        // itself, not a version manager's shim that needs a PATH of its own).
        let finders =
            ["bash", "env", "id", "sqlite3", "setsid"].map { ($0, "command -v \($0)") }
            + [("python3", "python3 -c 'import sys; print(sys.executable)'")]
        for (tool, finder) in finders {
            let found = try runTool(["sh", "-c", finder]).stdout.trimmingCharacters(in: .newlines)
            try FileManager.default.createSymbolicLink(atPath: stubs.file(tool), withDestinationPath: found)
        }
        let result = try runTool(
            ["bash", workspaceRoot.appendingPathComponent("scripts/ci-install.sh").path],
            environment: ["COURSE_OS": "Linux", "PATH": stubs.path, "SQLITE_DOCS": stubs.file("no-docs")])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("Linux: installing make sqlite3-doc"))
        let calls = try String(contentsOfFile: log, encoding: .utf8)
        #expect(calls.hasSuffix("apt-get install -y -qq make sqlite3-doc\n"), "\(calls)")
    }
}

/// Writes an executable script.
func executable(_ path: String, _ text: String) throws {
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
}

/// A Mac, simulated on Linux: a stand-in `xcrun` whose `--show-sdk-path` names a folder holding
/// `usr/include/sqlite3.h` and `usr/lib/libsqlite3.tbd`, as Xcode's SDK does; or, `withSDK: false`, one
/// that fails as xcrun does without Xcode and the Command Line Tools. `path`: this PATH, that `xcrun` first.
struct SimulatedMac {
    let folder: TemporaryDirectory
    var sdk: String { folder.file("SDK") }
    var path: String { folder.file("bin") + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") }

    init(withSDK: Bool = true, sqliteVersion: String = "3.51.0") throws {
        folder = try TemporaryDirectory()
        let manager = FileManager.default
        for directory in ["bin", "SDK/usr/include", "SDK/usr/lib"] {
            try manager.createDirectory(atPath: folder.file(directory), withIntermediateDirectories: true)
        }
        try "#define SQLITE_VERSION        \"\(sqliteVersion)\"\n".write(
            toFile: folder.file("SDK/usr/include/sqlite3.h"), atomically: true, encoding: .utf8)
        try "".write(toFile: folder.file("SDK/usr/lib/libsqlite3.tbd"), atomically: true, encoding: .utf8)
        let answer =
            withSDK ? "echo '\(sdk)'; exit 0" : "echo 'xcrun: error: invalid active developer path' >&2; exit 1"
        try executable(folder.file("bin/xcrun"), "#!/bin/sh\n[ \"$1\" = --show-sdk-path ] && { \(answer); }\nexit 1\n")
    }

    func remove() { folder.remove() }
}

extension WorkflowTests {
    /// `make step0`, `make step12`: the steps that exist, read from Steps/, not SwiftPM's "no buildable target".
    @Test func aStepThatDoesNotExistIsNamedWithTheStepsThatDo() throws {
        let steps = try FileManager.default.contentsOfDirectory(
            atPath: workspaceRoot.appendingPathComponent("Steps").path
        )
        .compactMap { $0.wholeMatch(of: /step(\d+)/).flatMap { Int($0.1) } }.sorted()
        for missing in ["0", "\((steps.last ?? 0) + 2)"] {
            let result = try runTool(["make", "-s", "-C", workspaceRoot.path, "step\(missing)"])
            #expect(result.status != 0)
            let list = steps.map { "step\($0)" }.joined(separator: " ")
            #expect(result.stdout.contains("There is no step\(missing): the steps are \(list)."), "\(result.stdout)")
            #expect(!result.stdout.contains("buildable target"), "\(result.stdout)")
        }
    }
}
