import Foundation
import Testing

@testable import CourseRunner

/// Two terminals changing .course/state.json at once: every change
/// is a read-modify-write under the state file's lock, so none is lost.
@Suite struct StateRaceTests {
    /// Two processes, each asking for every hint of its half of the exercises,
    /// one `make ex ARGS="hint …"` after another, at the same time as the other:
    /// 3 rounds × 12 exercises, every run reading and writing the one file.
    /// Each hint raises one exercise's count by one, so the file must end with
    /// every count at 3, whatever order the runs interleaved in. (Without the
    /// lock, a run that read the file before the other's write puts the old
    /// counts back.)
    @Test func twoProcessesAskingForHintsAtOnceLoseNone() throws {
        let copy = try LearnerCopy("state-race")
        defer { copy.remove() }
        let ids = Array(try Manifest.load(root: repositoryRoot).exercises.map(\.id).prefix(12))
        let halves = [
            ids.enumerated().filter { $0.offset % 2 == 0 }.map(\.element),
            ids.enumerated().filter { $0.offset % 2 == 1 }.map(\.element),
        ]
        // One shell per half, both started before either is waited for.
        let shells = try halves.map { half in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = [
                "-c",
                "for round in 1 2 3; do for id in \(half.joined(separator: " ")); do "
                    + "\"$0\" hint $id >/dev/null || echo \"hint $id failed\" >&2; done; done",
                courseExecutable.path,
            ]
            process.currentDirectoryURL = copy.root
            process.standardInput = Pipe()
            try process.run()
            return process
        }
        for shell in shells { shell.waitUntilExit() }
        #expect(shells.allSatisfy { $0.terminationStatus == 0 })
        let state = CourseState.load(copy.checkout.stateFile)
        let lost = ids.filter { state[$0].hintsUsed != 3 }.map { "\($0): \(state[$0].hintsUsed) of 3" }
        #expect(lost.isEmpty, "hints lost: \(lost)")
    }
}
