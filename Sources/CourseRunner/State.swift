import Foundation

/// What the runner remembers between commands, per exercise. Only notes:
/// whether an exercise passes is always recomputed from the learner's file,
/// so deleting .course/state.json loses hint levels and counts, nothing else.
public struct ExerciseState: Codable, Sendable, Equatable {
    public var attempts = 0
    public var hintsUsed = 0
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

    public func save(_ url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: url, options: .atomic)
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
