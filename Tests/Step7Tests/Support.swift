import CourseCore
import CourseGRDB
import CourseTestSupport
import Foundation
import GRDB

@testable import step7

/// A bundled fixture's bytes.
func fixtureData(_ version: String) throws -> Data {
    try Data(contentsOf: Source.fixture(version).url)
}

/// A fixture read with JSONSerialization, not with the step's decoder: the
/// tests' expectations come from the file itself, not from the code under test.
func fixtureObjects(_ version: String) throws -> [[String: Any]] {
    let top = try JSONSerialization.jsonObject(with: fixtureData(version)) as? [String: Any]
    return top?["bodies"] as? [[String: Any]] ?? []
}

/// The ids of a fixture's bodies.
func fixtureIDs(_ version: String) throws -> Set<String> {
    Set(try fixtureObjects(version).compactMap { $0["id"] as? String })
}

/// The step's decoder on a fixture.
func fixtureBodies(_ version: String) throws -> [SolarBody] {
    try decodeBodies(fixtureData(version), from: version)
}

/// A cache file in a fresh temporary folder, migrated, with no output.
func makeCache(in directory: TemporaryDirectory, configuration: Configuration? = nil) throws -> (
    path: String, queue: DatabaseQueue
) {
    let path = directory.file("cache.sqlite")
    let silent = Narrator(write: { _ in })
    let queue = try DatabaseQueue(
        path: path, configuration: configuration ?? CourseGRDB.configuration(trace: false, narrator: silent))
    try AppDatabase.migrator.migrate(queue)
    return (path, queue)
}

/// `{"bodies": [...]}` around the given body objects.
func bodiesJSON(_ bodies: [[String: Any]]) throws -> Data {
    try JSONSerialization.data(withJSONObject: ["bodies": bodies])
}
