import Foundation

/// How big and how long a run is: the full run the chapter's figures come
/// from, or `--quick` for CI, and `--scale` to make every size larger or smaller.
struct Settings {
    var quick: Bool
    var multiplier: Double
    var filter: String?
    /// Where the benchmark's databases go; deleted at the end of the run.
    var workDirectory: URL
    /// Where the steps' executables are (e.g. `.build/release`).
    var stepsDirectory: URL
    /// The course's repository, for the steps' own schema files.
    var root: URL

    /// A row count: `full` in a full run, `quick` with `--quick`, times the multiplier.
    func count(_ full: Int, quick small: Int) -> Int {
        max(1, Int((Double(quick ? small : full) * multiplier).rounded()))
    }

    /// Repetitions of a timed run: fewer with `--quick`, which proves the
    /// program works and gives figures nobody should quote.
    func repetitions(_ full: Int) -> Int { quick ? 2 : full }

    /// A fresh database path in the work directory (any old file removed).
    func freshPath(_ name: String) throws -> String {
        let path = workDirectory.appendingPathComponent(name).path
        try removeDatabase(path)
        return path
    }
}

/// Removes a database file and its companions (-journal, -wal, -shm).
func removeDatabase(_ path: String) throws {
    for suffix in ["", "-journal", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
        try FileManager.default.removeItem(atPath: path + suffix)
    }
}
