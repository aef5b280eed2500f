import Foundation
import Testing

/// A fresh, empty folder under the tests' scratch root (`scratchRoot`: a
/// folder in memory when the machine has one, otherwise `TMPDIR`, which the
/// Makefile points inside `.build/`), deleted by `remove()`.
///
/// Tests rarely make one themselves: a suite marked `@Suite(.temporaryDirectory)`
/// gives each of its tests its own, as `TemporaryDirectory.current`, and deletes
/// it when the test ends, whether it passed or not:
///
///     @Suite(.temporaryDirectory) struct AddTests {
///         @Test func addThenList() throws {
///             let directory = try TemporaryDirectory.current
///             …
public struct TemporaryDirectory: Sendable {
    public let url: URL
    public var path: String { url.path }

    public init() throws {
        url = scratchRoot.appendingPathComponent("sqlite-course-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public func file(_ name: String) -> String { url.appendingPathComponent(name).path }

    public func remove() { try? FileManager.default.removeItem(at: url) }

    /// The running test's folder, given by the `.temporaryDirectory` trait.
    public static var current: TemporaryDirectory {
        get throws {
            guard let scoped else {
                throw TraitMissing()
            }
            return scoped
        }
    }

    @TaskLocal fileprivate static var scoped: TemporaryDirectory?

    struct TraitMissing: Error, CustomStringConvertible {
        var description: String {
            "TemporaryDirectory.current is set only inside a test or suite marked with the .temporaryDirectory trait"
        }
    }
}

/// The trait behind `@Suite(.temporaryDirectory)` and `@Test(.temporaryDirectory)`.
public struct TemporaryDirectoryTrait: TestTrait, SuiteTrait, TestScoping {
    /// Every test of a marked suite gets its own folder.
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite itself needs no folder: only its test cases do.
        guard testCase != nil else {
            try await function()
            return
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await TemporaryDirectory.$scoped.withValue(directory) { try await function() }
    }
}

extension Trait where Self == TemporaryDirectoryTrait {
    /// Each test runs with its own empty folder, `TemporaryDirectory.current`, deleted afterwards.
    public static var temporaryDirectory: Self { Self() }
}
