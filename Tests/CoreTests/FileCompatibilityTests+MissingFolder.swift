import CourseTestSupport
import Foundation
import Testing

// MARK: - A new file in a folder that does not exist

extension FileCompatibilityTests {
    /// Every step's writing subcommand, given a file in a folder that does
    /// not exist, names the folder (not SQLite's "unable to open database
    /// file"), exits 1, and creates nothing.
    @Test func aMissingFolderIsNamed() throws {
        let runs = Parallel.map(Array(Self.steps)) { step in
            Result { () throws -> (ProcessResult, Bool) in
                let directory = try TemporaryDirectory()
                defer { directory.remove() }
                let arguments = Self.writing(step) + ["--database", "nodir/x.sqlite"]
                let result = try StepProcess.run("step\(step)", arguments, in: directory)
                return (result, FileManager.default.fileExists(atPath: directory.file("nodir")))
            }
        }
        for (step, run) in zip(Self.steps, runs) {
            let (result, created) = try run.get()
            #expect(result.status == 1, "step \(step): \(result.status) \(result.stderr)")
            #expect(
                result.stderr.contains("there is no folder nodir/ to hold nodir/x.sqlite"),
                "step \(step): \(result.stderr)")
            #expect(!result.stderr.contains("SQLITE_CANTOPEN"), "step \(step): \(result.stderr)")
            #expect(!created, "step \(step) created nodir/")
        }
    }
}
