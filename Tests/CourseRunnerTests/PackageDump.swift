import Foundation

@testable import CourseRunner

/// The package as SwiftPM sees it with this environment (`swift package
/// dump-package`, as JSON). A scratch path of its own: `swift test` holds the
/// lock on .build. `unsetting`: variables removed from the test's own environment
/// (make exports COURSE_EXERCISES=none; an editor or Xcode has none set).
func dumpPackage(_ environment: [String: String], unsetting: [String] = []) throws -> [String: Any] {
    let dump = Shell.run(
        unsetting.flatMap { ["-u", $0] } + [
            ProcessInfo.processInfo.environment["SWIFT"] ?? "swift", "package",
            "--scratch-path", repositoryRoot.appendingPathComponent(".build/isolation").path, "dump-package",
        ],
        in: repositoryRoot, environment: environment)
    let json = try? JSONSerialization.jsonObject(with: Data(dump.output.utf8.drop { $0 != UInt8(ascii: "{") }))
    guard let package = json as? [String: Any] else {
        throw CocoaError(.propertyListReadCorrupt, userInfo: [NSDebugDescriptionErrorKey: dump.output])
    }
    return package
}
