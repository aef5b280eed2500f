import Foundation

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// What the runner remembers between commands, per exercise. Only notes:
/// whether an exercise passes is always recomputed from the learner's file,
/// so deleting .course/state.json loses hint levels and counts, nothing else.
public struct ExerciseState: Codable, Sendable, Equatable {
    public var attempts = 0
    public var hintsUsed = 0
    /// Whether `solution` showed the reference before the check passed (after
    /// a pass, comparing is what the runner invites; it is not recorded).
    public var solutionViewed = false
    /// The fingerprint of the learner's file and the check when `lastResult`
    /// was computed: while both are unchanged, the result still holds.
    public var fingerprint: String?
    public var lastResult: CheckResult?

    public init() {}
}

public struct CourseState: Codable, Sendable {
    public var exercises: [String: ExerciseState] = [:]

    public init() {}

    /// The saved state, or an empty one when the file is missing or unreadable.
    public static func load(_ url: URL) -> CourseState {
        guard let data = try? Data(contentsOf: url),
            let state = try? JSONDecoder().decode(CourseState.self, from: data)
        else { return CourseState() }
        return state
    }

    /// Writes the whole state: to a temporary file beside it, then renamed over
    /// it, so a reader finds the old file or the new one, never half of one.
    public func save(_ url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: url, options: .atomic)
    }

    /// One change to the state file, as chapter 9 makes a read-modify-write
    /// safe: under a lock held from the read to the write (an exclusive
    /// `flock` on `.course/state.lock`), so a change made meanwhile by another
    /// command (`hint` in a second terminal while `watch` runs) is read before
    /// this one is applied, never overwritten. Returns the state as written.
    @discardableResult
    public static func update(_ url: URL, _ change: (inout CourseState) -> Void) throws -> CourseState {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let lockPath = folder.appendingPathComponent("state.lock").path
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw RunnerError("cannot open \(lockPath): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }  // closing releases the lock
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw RunnerError("cannot lock \(lockPath): \(String(cString: strerror(errno)))")
            }
        }
        var state = load(url)
        change(&state)
        try state.save(url)
        return state
    }

    public subscript(id: String) -> ExerciseState {
        get { exercises[id] ?? ExerciseState() }
        set { exercises[id] = newValue }
    }
}

/// FNV-1a over the learner's file and every file of the check: cheap, and
/// enough to tell "nothing changed since the last check".
public func fingerprint(_ urls: [URL]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for url in urls {
        for byte in Array(url.path.utf8) + Array((try? Data(contentsOf: url)) ?? Data()) {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
    }
    return String(hash, radix: 16)
}
