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

/// The statements a connection runs, collected through `Database.trace`.
final class StatementLog: @unchecked Sendable {
    // @unchecked: `statements` is guarded by `lock`.
    private let lock = NSLock()
    private var statements: [String] = []

    var configuration: Configuration {
        var configuration = Configuration()
        configuration.prepareDatabase { [self] db in
            db.trace { [self] event in
                lock.lock()
                statements.append(oneLine("\(event)"))
                lock.unlock()
            }
        }
        return configuration
    }

    /// Everything logged so far, and a fresh start.
    func take() -> [String] {
        lock.lock()
        defer {
            statements = []
            lock.unlock()
        }
        return statements
    }
}
