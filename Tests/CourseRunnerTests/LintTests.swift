import Foundation
import Testing

@testable import CourseRunner

/// The repository's root (this file is Tests/CourseRunnerTests/LintTests.swift).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

@Suite struct LintTests {
    @Test func theRepositoryIsConsistent() throws {
        let workspace = Workspace(root: repositoryRoot)
        let problems = Lint(workspace: workspace, manifest: try Manifest.load(root: repositoryRoot)).problems()
        #expect(problems == [])
    }
}
