import CourseTestSupport
import Foundation
import Testing

// MARK: - A new file in a folder that does not exist

extension FileCompatibilityTests {
    /// Every step's writing subcommand, given a file in a folder that does
    /// not exist, shows SQLite's answer (SQLITE_CANTOPEN, "unable to open
    /// database file", which chapter 1 teaches) and names the folder, exits 1,
    /// and creates nothing.
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
            if step == 6 {
                // Step 6 opens only a Northwind file that exists: it says so before SQLite is asked.
                #expect(result.stderr.contains("no database at nodir/x.sqlite"), "step 6: \(result.stderr)")
            } else {
                #expect(
                    result.stderr.contains(
                        "what to do:  there is no folder nodir/: create it first (mkdir -p nodir)"),
                    "step \(step): \(result.stderr)")
                #expect(result.stderr.contains("14 SQLITE_CANTOPEN"), "step \(step): \(result.stderr)")
            }
            #expect(!created, "step \(step) created nodir/")
        }
    }
}
