import CourseTestSupport
import Foundation
import Testing

/// `make stepN` and `make ex` say when they build for the first time, and stay
/// quiet once the program exists. The Makefile runs with a stand-in `swift`
/// (records its arguments, builds nothing) and a `BIN` folder of the test's own:
/// empty, the first time; holding a stand-in program, every later time.
@Suite(.temporaryDirectory) struct FirstBuildTests {
    /// Writes an executable shell script.
    func script(_ path: String, _ body: String) throws {
        try "#!/bin/sh\n\(body)\n".write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    /// `make target` from the repository root, with `swift`, `BIN` and `TMPDIR` stood in for (make's
    /// own TMPDIR, .build/tmp, is where this suite's SwiftPM processes keep their temporary files).
    func make(_ target: String, bin: String, swift: String) throws -> ProcessResult {
        let temporary = try TemporaryDirectory.current.file("tmp")
        return try runTool([
            "make", "--no-print-directory", "-s", "-C", workspaceRoot.path, target, "BIN=\(bin)", "SWIFT=\(swift)",
            "TMPDIR=\(temporary)",
        ])
    }

    @Test(arguments: [
        ("ex", "course", "Building the exercise runner for the first time"),
        ("step1", "step1", "Building step1 for the first time"),
    ])
    func theFirstBuildSaysSoAndLaterBuildsAreQuiet(target: String, program: String, notice: String) throws {
        let directory = try TemporaryDirectory.current
        let bin = directory.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let calls = directory.file("swift-calls")
        try script(directory.file("swift"), "echo \"$*\" >> '\(calls)'")

        // No program yet: the notice, then swift build's own output (none from the stand-in).
        let first = try make(target, bin: bin, swift: directory.file("swift"))
        #expect(first.stdout.contains(notice), "\(first.stdout)")
        #expect(try String(contentsOfFile: calls, encoding: .utf8).contains("build --product \(program)"))

        // The program exists: make runs swift build quietly (into a log), then the program; the
        // runner only when what it is built from changed since (Makefile, RUNNER_STAMP).
        try script("\(bin)/\(program)", "echo '\(program) ran'")
        let buildsBefore = try String(contentsOfFile: calls, encoding: .utf8).split(separator: "\n").count
        let later = try make(target, bin: bin, swift: directory.file("swift"))
        #expect(!later.stdout.contains("for the first time"), "\(later.stdout)")
        #expect(later.stdout.contains("\(program) ran"))
        #expect(later.status == 0)
        let builds = try String(contentsOfFile: calls, encoding: .utf8).split(separator: "\n").count - buildsBefore
        #expect(builds == (target == "ex" ? 0 : 1), "swift build ran \(builds) times")
    }

    /// A step from 2 on says GRDB compiles first only while no build holds it yet (BIN/Modules).
    @Test func theFirstBuildMentionsGRDBOnlyWhenItIsNotBuiltYet() throws {
        let directory = try TemporaryDirectory.current
        let bin = directory.file("bin")
        try FileManager.default.createDirectory(atPath: bin + "/Modules", withIntermediateDirectories: true)
        try script(directory.file("swift"), "true")
        let before = try make("step3", bin: bin, swift: directory.file("swift"))
        #expect(before.stdout.contains("Building step3 for the first time (it compiles GRDB first"), "\(before.stdout)")
        #expect(FileManager.default.createFile(atPath: bin + "/Modules/GRDB.swiftmodule", contents: nil))
        let after = try make("step3", bin: bin, swift: directory.file("swift"))
        #expect(after.stdout.contains("Building step3 for the first time..."), "\(after.stdout)")
        let step1 = try make("step1", bin: bin + "/none", swift: directory.file("swift"))
        #expect(step1.stdout.contains("Building step1 for the first time..."), "\(step1.stdout)")
    }
}
